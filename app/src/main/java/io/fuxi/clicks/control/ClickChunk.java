package io.fuxi.clicks.control;

/**
 * Raw clicks as the redirect saw them, in columns: a chunk is filled by request threads (one stripe's lock at a time)
 * and read by the one thread that aggregates it. Holds only references to strings the request already made.
 */
public final class ClickChunk {

    final String[] codes;
    final int[] hours;
    final String[] userAgents;
    final String[] referers;
    final String[] addresses;
    final String[] forwardedFor;
    int size;

    ClickChunk(int capacity) {
        codes = new String[capacity];
        hours = new int[capacity];
        userAgents = new String[capacity];
        referers = new String[capacity];
        addresses = new String[capacity];
        forwardedFor = new String[capacity];
    }

    /** Adds a click; true when the chunk is full afterwards. */
    boolean add(String code, int hour, String userAgent, String referer, String address, String forwarded) {
        codes[size] = code;
        hours[size] = hour;
        userAgents[size] = userAgent;
        referers[size] = referer;
        addresses[size] = address;
        forwardedFor[size] = forwarded;
        size++;
        return size == codes.length;
    }

    public int size() {
        return size;
    }
}
