package io.fuxi.platform.rest;

import io.fuxi.platform.problem.ProblemException;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses bodies over fuxi.api.max-body-bytes (fuxi.api.max-bulk-body-bytes for bulk calls) before they are
 * read whole: at once when Content-Length says so, and while reading when the body is chunked.
 */
@Provider
@PreMatching
public class BodySizeLimit implements ContainerRequestFilter {

    @Inject
    @ConfigProperty(name = "fuxi.api.max-body-bytes", defaultValue = "65536")
    long maxBytes;

    @Inject
    @ConfigProperty(name = "fuxi.api.max-bulk-body-bytes", defaultValue = "4194304")
    long maxBulkBytes;

    @Override
    public void filter(ContainerRequestContext request) {
        long limit = request.getUriInfo().getPath().endsWith("/bulk") ? maxBulkBytes : maxBytes;
        if (request.getLength() > limit) {
            throw tooLarge(limit);
        }
        request.setEntityStream(new LimitedStream(request.getEntityStream(), limit));
    }

    private static ProblemException tooLarge(long maxBytes) {
        return new ProblemException(
                413, "Content Too Large", "The body is larger than " + maxBytes + " bytes.", "body");
    }

    private static final class LimitedStream extends FilterInputStream {
        private final long limit;
        private long read;

        LimitedStream(InputStream in, long limit) {
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
    }
}
