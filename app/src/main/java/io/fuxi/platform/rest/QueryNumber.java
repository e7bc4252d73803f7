package io.fuxi.platform.rest;

import io.fuxi.platform.problem.InvalidFieldException;

/** Query parameters arrive as text: a bad number is a 400 naming the parameter, not JAX-RS's bare 404. */
public final class QueryNumber {

    private QueryNumber() {}

    /** The parameter as a whole number from {@code min} to {@code max}, or a 400 naming it. */
    public static int between(String name, String text, int min, int max) {
        try {
            int value = Integer.parseInt(text.trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidFieldException(name, name + " must be a whole number from " + min + " to " + max);
    }
}
