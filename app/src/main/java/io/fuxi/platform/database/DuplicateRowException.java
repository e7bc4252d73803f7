package io.fuxi.platform.database;

/** An insert met a row with the same key (MySQL's error 1062). */
public class DuplicateRowException extends RuntimeException {

    public DuplicateRowException(Throwable cause) {
        super("a row with the same key exists", cause);
    }
}
