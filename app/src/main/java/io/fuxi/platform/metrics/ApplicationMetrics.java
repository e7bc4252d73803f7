package io.fuxi.platform.metrics;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

/**
 * The application's metrics at /metrics?scope=application, all named {@code fuxi.*}. Every metric is a gauge over a
 * figure the application keeps anyway (a LongAdder, a status record), read only when the metrics are scraped: nothing
 * on a hot path goes through an interceptor or a registry lookup.
 */
@ApplicationScoped
public class ApplicationMetrics {

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    /**
     * A gauge named {@code fuxi.<name>}.
     *
     * @param tags name and value pairs: {@code "outcome", "hit"}
     */
    public void gauge(String name, String description, Supplier<? extends Number> value, String... tags) {
        Tag[] tagged = new Tag[tags.length / 2];
        for (int i = 0; i < tagged.length; i++) {
            tagged[i] = new Tag(tags[2 * i], tags[2 * i + 1]);
        }
        Metadata metadata = Metadata.builder()
                .withName("fuxi." + name)
                .withDescription(description)
                .build();
        registry.gauge(metadata, value::get, tagged);
    }
}
