package io.fuxi.platform.cluster;

import java.util.List;
import org.jgroups.JChannel;
import org.jgroups.protocols.pbcast.GMS;

/** A bare node (the cluster's channel, no Infinispan) that tries to join, for tests: who lets it in? */
public final class ClusterProbe {

    private ClusterProbe() {}

    /** The members this probe sees once it has joined, or given up joining (then itself alone). */
    public static List<String> viewAfterJoining(String members, int port, String secret) throws Exception {
        ClusterSettings settings = ClusterSettings.of(members, "", "127.0.0.1", port, secret, "fuxi");
        try (JChannel channel = ClusterChannel.open(settings)) {
            GMS membership = channel.getProtocolStack().findProtocol(GMS.class);
            membership.setMaxJoinAttempts(2);
            channel.connect(settings.name());
            return channel.getView().getMembers().stream().map(Object::toString).toList();
        }
    }
}
