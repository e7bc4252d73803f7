package io.fuxi.codes.boundary;

import io.fuxi.codes.control.CodeBlock;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Hands out generated codes from a block held in memory: a create costs no database round trip for its code,
 * except once per block, when the next block is reserved.
 */
@ApplicationScoped
public class CodeAllocator {

    @Inject
    CodeBlockReservation reservation;

    @Inject
    @ConfigProperty(name = "fuxi.codes.block-size", defaultValue = "1000")
    int blockSize;

    private CodeBlock block = CodeBlock.EMPTY;

    public synchronized String next() {
        if (!block.hasNext()) {
            block = reservation.reserve(blockSize);
        }
        return block.next();
    }
}
