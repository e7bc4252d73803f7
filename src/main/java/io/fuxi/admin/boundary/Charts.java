package io.fuxi.admin.boundary;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import java.util.List;
import java.util.Map;

/**
 * Chart.js settings for {@code <p:chart>}. PrimeFaces writes them into a script as they are, so every {@code <} is
 * escaped: a label can never close the script.
 */
final class Charts {

    private static final JsonBuilderFactory JSON = Json.createBuilderFactory(Map.of());

    record Series(String label, List<? extends Number> values) {}

    private Charts() {}

    static String line(List<String> labels, List<Series> series) {
        JsonArrayBuilder datasets = JSON.createArrayBuilder();
        for (Series one : series) {
            JsonArrayBuilder values = JSON.createArrayBuilder();
            one.values().forEach(value -> values.add(value.longValue()));
            datasets.add(JSON.createObjectBuilder()
                    .add("label", one.label())
                    .add("data", values)
                    .add("tension", 0.2));
        }
        return JSON.createObjectBuilder()
                .add("type", "line")
                .add(
                        "data",
                        JSON.createObjectBuilder()
                                .add("labels", JSON.createArrayBuilder(labels))
                                .add("datasets", datasets))
                .add(
                        "options",
                        JSON.createObjectBuilder()
                                .add("responsive", true)
                                .add("maintainAspectRatio", false)
                                .add("animation", false)
                                .add(
                                        "scales",
                                        JSON.createObjectBuilder()
                                                .add(
                                                        "y",
                                                        JSON.createObjectBuilder()
                                                                .add("beginAtZero", true))))
                .build()
                .toString()
                .replace("<", "\\u003c");
    }
}
