package io.fuxi.admin.boundary;

import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonArrayBuilder;
import java.util.List;

/**
 * Chart.js settings for {@code <p:chart>}. PrimeFaces writes them into a script as they are, so every {@code <} is
 * escaped: a label can never close the script.
 */
final class Charts {

    record Series(String label, List<? extends Number> values) {}

    private Charts() {}

    static String line(List<String> labels, List<Series> series) {
        JsonArrayBuilder datasets = Jsons.array();
        for (Series one : series) {
            JsonArrayBuilder values = Jsons.array();
            one.values().forEach(value -> values.add(value.longValue()));
            datasets.add(
                    Jsons.object().add("label", one.label()).add("data", values).add("tension", 0.2));
        }
        return Jsons.object()
                .add("type", "line")
                .add("data", Jsons.object().add("labels", Jsons.array(labels)).add("datasets", datasets))
                .add(
                        "options",
                        Jsons.object()
                                .add("responsive", true)
                                .add("maintainAspectRatio", false)
                                .add("animation", false)
                                .add(
                                        "scales",
                                        Jsons.object().add("y", Jsons.object().add("beginAtZero", true))))
                .build()
                .toString()
                .replace("<", "\\u003c");
    }
}
