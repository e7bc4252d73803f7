package io.fuxi.codes.control;

import java.util.List;

/** Codes reserved by this node, handed out from memory. Not thread-safe: its owner serialises access. */
public final class CodeBlock {

    public static final CodeBlock EMPTY = new CodeBlock(List.of());

    private final List<String> codes;
    private int next;

    public CodeBlock(List<String> codes) {
        this.codes = codes;
    }

    public boolean hasNext() {
        return next < codes.size();
    }

    public String next() {
        return codes.get(next++);
    }
}
