package io.fuxi.links.boundary;

import jakarta.json.JsonObject;

/**
 * What a single create answers, written once for every route that takes one (the valve and {@link
 * SingleCreateFilter}, or {@link LinksResource#create}): 201 with the new link and its address in {@code Location}, or
 * 200 with the caller's recent link for the same URL and where it is in {@code Content-Location}.
 *
 * @param header {@code Location} or {@code Content-Location}
 * @param json the link
 */
public record CreateAnswer(int status, String header, String headerValue, JsonObject json) {

    static CreateAnswer of(Creation creation, JsonObject json, String address) {
        String code = creation.link().code();
        return creation.created()
                ? new CreateAnswer(201, "Location", address, json)
                : new CreateAnswer(200, "Content-Location", "/api/v1/links/" + code, json);
    }
}
