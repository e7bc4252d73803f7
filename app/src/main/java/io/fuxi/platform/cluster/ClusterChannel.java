package io.fuxi.platform.cluster;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.jgroups.JChannel;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.RED;
import org.jgroups.protocols.SYM_ENCRYPT;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UFC;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.dns.DNS_PING;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;
import org.jgroups.util.StackType;
import org.jgroups.util.Util;

/**
 * The JGroups stack of a clustered node: Infinispan's default TCP stack (default-jgroups-tcp.xml), with discovery from
 * the member list or DNS instead of multicast, every socket on the configured address, no diagnostics listener, and
 * every message above discovery encrypted with a key derived from the shared secret: a node without the secret can
 * neither read the traffic nor join (its join request cannot be decrypted).
 */
final class ClusterChannel {

    /** Also how long a node that finds nobody waits before it forms a cluster of its own. */
    static final long JOIN_TIMEOUT_MILLIS = 2_000;

    /** Infinispan's default: the failure-detection socket listens at the cluster port plus this. */
    static final int FAILURE_DETECTION_PORT_OFFSET = 50_000;

    private ClusterChannel() {}

    static JChannel open(ClusterSettings settings) throws Exception {
        InetAddress bind = Util.getAddress(settings.bindAddress(), StackType.IPv4);

        TCP tcp = new TCP();
        tcp.setBindAddress(bind);
        tcp.setBindPort(settings.port());
        tcp.setPortRange(0);
        tcp.setSockConnTimeout(300);
        tcp.tcpNodelay(true);
        tcp.setBundlerType("transfer-queue");
        tcp.getThreadPool().setMinThreads(0).setMaxThreads(200).setKeepAliveTime(60_000);

        FD_SOCK2 failureDetection = new FD_SOCK2();
        failureDetection.setBindAddress(bind);
        failureDetection.setOffset(FAILURE_DETECTION_PORT_OFFSET);

        MERGE3 merge = new MERGE3();
        merge.setMinInterval(10_000);
        merge.setMaxInterval(30_000);

        VERIFY_SUSPECT2 verify = new VERIFY_SUSPECT2();
        verify.setTimeout(1_000);

        SYM_ENCRYPT encrypt = new SYM_ENCRYPT();
        encrypt.symAlgorithm("AES/CBC/PKCS5Padding");
        encrypt.symIvLength(16);
        encrypt.setSecretKey(key(settings));

        NAKACK2 multicasts = new NAKACK2();
        multicasts.useMcastXmit(false);
        multicasts.setXmitInterval(200);
        multicasts.resendLastSeqno(true);

        UNICAST3 unicasts = new UNICAST3();
        unicasts.setConnCloseTimeout(5_000);
        unicasts.setXmitInterval(200);

        STABLE stable = new STABLE();
        stable.setDesiredAverageGossip(5_000);
        stable.setMaxBytes(1_000_000);

        GMS membership = new GMS();
        membership.printLocalAddress(false);
        membership.setJoinTimeout(JOIN_TIMEOUT_MILLIS);

        UFC unicastCredits = new UFC();
        unicastCredits.setMaxCredits(4_000_000);
        MFC multicastCredits = new MFC();
        multicastCredits.setMaxCredits(4_000_000);

        FRAG4 fragments = new FRAG4();
        fragments.setFragSize(60_000);

        List<Protocol> stack = List.of(
                tcp,
                new RED(),
                discovery(settings),
                merge,
                failureDetection,
                new FD_ALL3(),
                verify,
                encrypt,
                multicasts,
                unicasts,
                stable,
                membership,
                unicastCredits,
                multicastCredits,
                fragments);
        JChannel channel = new JChannel(stack);
        // created by the transport's init (in the constructor above), started by connect: a multicast listener on
        // *:7500
        channel.getProtocolStack().getTransport().getDiagnosticsHandler().setEnabled(false);
        channel.setName(settings.nodeName());
        return channel;
    }

    private static Protocol discovery(ClusterSettings settings) {
        if (settings.dnsQuery().isPresent()) {
            return new DNS_PING().setDNSQuery(settings.dnsQuery().get());
        }
        List<InetSocketAddress> hosts = new ArrayList<>();
        for (InetSocketAddress member : settings.members()) {
            hosts.add(new InetSocketAddress(member.getHostString(), member.getPort()));
        }
        TCPPING ping = new TCPPING();
        ping.setInitialHosts(hosts);
        ping.setPortRange(0);
        return ping;
    }

    /** The same secret and cluster name give the same key on every node. */
    static SecretKey key(ClusterSettings settings) throws GeneralSecurityException {
        PBEKeySpec spec = new PBEKeySpec(
                settings.secret().orElseThrow().toCharArray(),
                ("fuxi-cluster:" + settings.name()).getBytes(StandardCharsets.UTF_8),
                100_000,
                256);
        try {
            return new SecretKeySpec(
                    SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                            .generateSecret(spec)
                            .getEncoded(),
                    "AES");
        } finally {
            spec.clearPassword();
        }
    }
}
