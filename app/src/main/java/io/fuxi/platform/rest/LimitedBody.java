package io.fuxi.platform.rest;

import io.fuxi.platform.problem.ProblemException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** A request body read no further than its limit: one byte more is a 413 problem, also when the body is chunked. */
public final class LimitedBody extends FilterInputStream {

    private final long limit;
    private long read;

    /** The body, refused at once when its Content-Length (-1 when not given) is over the limit. */
    public static InputStream of(InputStream body, long contentLength, long limit) {
        if (contentLength > limit) {
            throw tooLarge(limit);
        }
        return new LimitedBody(body, limit);
    }

    private LimitedBody(InputStream in, long limit) {
        super(in);
        this.limit = limit;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        count(b < 0 ? 0 : 1);
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        count(Math.max(n, 0));
        return n;
    }

    private void count(int n) {
        read += n;
        if (read > limit) {
            throw tooLarge(limit);
        }
    }

    private static ProblemException tooLarge(long maxBytes) {
        return new ProblemException(
                413, "Content Too Large", "The body is larger than " + maxBytes + " bytes.", "body");
    }
}
