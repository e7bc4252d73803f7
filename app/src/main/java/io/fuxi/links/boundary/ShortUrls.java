package io.fuxi.links.boundary;

import io.fuxi.domains.boundary.Domains;
import io.fuxi.links.control.LinkOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

/** A link's short URL and its JSON, on the domain it answers on. */
@ApplicationScoped
public class ShortUrls {

    @Inject
    LinkOptions options;

    @Inject
    Domains domains;

    public String of(LinkView link) {
        return options.shortUrl(link.code(), domainOf(link));
    }

    /** The host of the domain the link answers on; null for the default domain. */
    public String domainOf(LinkView link) {
        return domains.hostOf(link.domainId());
    }

    /** The link as every call answers it. */
    public JsonObject json(LinkView link) {
        return link.toJson(of(link), domainOf(link));
    }
}
