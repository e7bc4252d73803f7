package io.fuxi.platform.cluster;

import io.fuxi.platform.terminal.Terminal;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.CacheMode;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.configuration.global.ShutdownHookBehavior;
import org.infinispan.configuration.parsing.ConfigurationBuilderHolder;
import org.infinispan.context.Flag;
import org.infinispan.eviction.EvictionStrategy;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.notifications.Listener;
import org.infinispan.notifications.cachelistener.annotation.CacheEntryCreated;
import org.infinispan.notifications.cachelistener.annotation.CacheEntryModified;
import org.infinispan.notifications.cachelistener.event.CacheEntryEvent;
import org.infinispan.remoting.transport.Address;
import org.infinispan.remoting.transport.jgroups.JGroupsTransport;

/**
 * This node's Infinispan, alone or in a cluster (ADR 13). It offers two things: node caches, which hold what this node
 * read from the database and drop an entry on every node when any node removes it; and topics, on which a node tells
 * the others something changed (a message reaches every other node, never its sender).
 */
@ApplicationScoped
public class Cluster {

    private static final Logger LOG = Logger.getLogger(Cluster.class.getName());

    private final AtomicLong published = new AtomicLong();
    private ClusterSettings settings;
    private DefaultCacheManager manager;

    @PostConstruct
    void start() {
        settings = settings(ConfigProvider.getConfig());
        // a holder, not a built GlobalConfiguration: DefaultCacheManager(GlobalConfiguration) copies the configuration
        // without the channel instance and starts Infinispan's default UDP stack instead (multicast, every interface)
        ConfigurationBuilderHolder holder = new ConfigurationBuilderHolder(Cluster.class.getClassLoader());
        GlobalConfigurationBuilder global = holder.getGlobalConfigurationBuilder();
        if (settings.isClustered()) {
            try {
                global.transport()
                        .transport(new JGroupsTransport(ClusterChannel.open(settings)))
                        .clusterName(settings.name())
                        .nodeName(settings.nodeName());
            } catch (Exception e) {
                throw new IllegalStateException(
                        "cannot open the cluster channel on " + settings.nodeName() + ": " + e.getMessage(), e);
            }
        } else {
            global.nonClusteredDefault();
        }
        global.classLoader(Cluster.class.getClassLoader());
        global.cacheManagerName("fuxi");
        global.jmx().disable();
        global.shutdown().hookBehavior(ShutdownHookBehavior.DONT_REGISTER);
        manager = new DefaultCacheManager(holder, true);
        if (settings.isClustered()) {
            LOG.info(() -> Terminal.line("Cluster " + settings.name() + ": this node is " + settings.nodeName()
                    + ", members " + manager.getMembers()));
        }
    }

    static ClusterSettings settings(Config config) {
        return ClusterSettings.of(
                config.getOptionalValue("fuxi.cluster.members", String.class).orElse(""),
                config.getOptionalValue("fuxi.cluster.dns-query", String.class).orElse(""),
                config.getOptionalValue("fuxi.cluster.bind-address", String.class)
                        .orElse("127.0.0.1"),
                config.getOptionalValue("fuxi.cluster.port", Integer.class).orElse(7800),
                config.getOptionalValue("fuxi.cluster.secret", String.class).orElse(""),
                config.getOptionalValue("fuxi.cluster.name", String.class).orElse("fuxi"));
    }

    @PreDestroy
    void stop() {
        manager.stop();
    }

    public boolean isClustered() {
        return settings.isClustered();
    }

    public String nodeName() {
        return settings.nodeName();
    }

    /** The nodes in this node's view, itself included; this node alone when not clustered. */
    public List<String> members() {
        List<Address> members = manager.getMembers();
        return members == null
                ? List.of(nodeName())
                : members.stream().map(Address::toString).toList();
    }

    public boolean isRunning() {
        return manager.getStatus().allowInvocations();
    }

    /**
     * A cache of what this node read from the database, bounded by count and age. Fill it with
     * {@code putForExternalRead} (this node only); a {@code remove} drops the entry on every node before it returns.
     */
    public <K, V> Cache<K, V> nodeCache(String name, long maxCount, Duration lifespan) {
        ConfigurationBuilder cache = new ConfigurationBuilder();
        cache.clustering().cacheMode(settings.isClustered() ? CacheMode.INVALIDATION_SYNC : CacheMode.LOCAL);
        cache.memory().maxCount(maxCount).whenFull(EvictionStrategy.REMOVE);
        cache.expiration().lifespan(lifespan.toMillis(), TimeUnit.MILLISECONDS);
        manager.defineConfiguration(name, cache.build());
        return manager.getCache(name);
    }

    /** Calls the receiver with every message another node publishes on this topic. */
    public Topic topic(String name, Consumer<String> receiver) {
        if (!settings.isClustered()) {
            return message -> {};
        }
        ConfigurationBuilder replicated = new ConfigurationBuilder();
        replicated.clustering().cacheMode(CacheMode.REPL_SYNC).stateTransfer().fetchInMemoryState(false);
        manager.defineConfiguration("topic-" + name, replicated.build());
        Cache<String, String> messages = manager.getCache("topic-" + name);
        messages.addListener(new Delivery(nodeName(), receiver));
        // each node writes its own key: publishers never wait on each other's locks
        return message -> messages.getAdvancedCache()
                .withFlags(Flag.IGNORE_RETURN_VALUES)
                .put(nodeName(), published.incrementAndGet() + "\n" + message);
    }

    /** Where a node publishes; publishing returns once every node has the message. */
    @FunctionalInterface
    public interface Topic {
        void publish(String message);
    }

    /**
     * Hands another node's message to the receiver (Infinispan calls public listeners only). A node's own message
     * can come back to it, not marked as local, when another node owns its key and replicates the write back: the
     * key, which names the sender, tells.
     */
    @Listener
    public static final class Delivery {

        private final String self;
        private final Consumer<String> receiver;

        Delivery(String self, Consumer<String> receiver) {
            this.self = self;
            this.receiver = receiver;
        }

        @CacheEntryCreated
        @CacheEntryModified
        public void received(CacheEntryEvent<String, String> event) {
            if (event.isPre() || self.equals(event.getKey())) {
                return;
            }
            String value = event.getValue();
            receiver.accept(value.substring(value.indexOf('\n') + 1));
        }
    }
}
