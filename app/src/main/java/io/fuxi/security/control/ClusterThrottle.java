package io.fuxi.security.control;

import io.fuxi.platform.cluster.Cluster;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A {@link LoginThrottle} whose failures and successes count on every node of a cluster: each node tells the others
 * its own on a topic of the cluster, and counts theirs as its own. A message that cannot be sent is logged and
 * otherwise ignored: the throttle then counts on this node only, which still slows a guesser down.
 */
public final class ClusterThrottle {

    private static final Logger LOG = Logger.getLogger(ClusterThrottle.class.getName());
    private static final String FAILED = "failed";
    private static final String SUCCEEDED = "succeeded";

    private final LoginThrottle throttle;
    private final Cluster.Topic topic;

    /** @param topic the name of the cluster's topic that carries this throttle's attempts */
    public ClusterThrottle(Cluster cluster, String topic, LongSupplier millis) {
        this.throttle = new LoginThrottle(millis);
        this.topic = cluster.topic(topic, this::heard);
    }

    /** Seconds (rounded up) before an attempt for this account from this address may be tried; 0 when it may now. */
    public long secondsToWait(String account, String address) {
        return throttle.secondsToWait(account, address);
    }

    public void failed(String account, String address) {
        throttle.failed(account, address);
        tellOthers(FAILED, account, address);
    }

    public void succeeded(String account, String address) {
        throttle.succeeded(account, address);
        tellOthers(SUCCEEDED, account, address);
    }

    private void tellOthers(String outcome, String account, String address) {
        try {
            topic.publish(outcome + "\n" + address + "\n" + account);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not tell the other nodes of an attempt: {0}", e.toString());
        }
    }

    /** Another node's attempt: its outcome, the address and then the account, which may hold anything typed. */
    private void heard(String message) {
        String[] fields = message.split("\n", 3);
        if (fields.length == 3 && FAILED.equals(fields[0])) {
            throttle.failed(fields[2], fields[1]);
        } else if (fields.length == 3 && SUCCEEDED.equals(fields[0])) {
            throttle.succeeded(fields[2], fields[1]);
        }
    }
}
