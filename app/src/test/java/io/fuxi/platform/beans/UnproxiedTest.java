package io.fuxi.platform.beans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.context.spi.Context;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import java.lang.annotation.Annotation;
import java.lang.reflect.Proxy;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UnproxiedTest {

    static class Counter {}

    @Test
    void answersTheInstanceThatTheApplicationContextHolds() {
        Counter held = new Counter();

        assertSame(held, Unproxied.of(beans(ApplicationScoped.class, held), Counter.class));
    }

    @Test
    void refusesABeanOfAnotherScope() {
        BeanManager beans = beans(RequestScoped.class, new Counter());

        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> Unproxied.of(beans, Counter.class));
        assertEquals(Counter.class.getName() + " is not one application-scoped bean", refused.getMessage());
    }

    @Test
    void refusesATypeWithNoBean() {
        BeanManager beans = beans(null, null);

        assertThrows(IllegalArgumentException.class, () -> Unproxied.of(beans, Counter.class));
    }

    /** A bean manager that knows one bean of this scope (none when null), whose context holds this instance. */
    private static BeanManager beans(Class<? extends Annotation> scope, Object instance) {
        Bean<?> bean = scope == null ? null : stub(Bean.class, "getScope", scope);
        Context context = stub(Context.class, "get", instance);
        return (BeanManager) Proxy.newProxyInstance(
                UnproxiedTest.class.getClassLoader(), new Class<?>[] {BeanManager.class}, (proxy, method, args) -> {
                    return switch (method.getName()) {
                        case "getBeans" -> bean == null ? Set.of() : Set.of(bean);
                        case "resolve" -> bean;
                        case "getContext" -> {
                            assertEquals(ApplicationScoped.class, args[0]);
                            yield context;
                        }
                        case "createCreationalContext" -> null;
                        default -> throw new UnsupportedOperationException(method.getName());
                    };
                });
    }

    /** An implementation of the interface whose one named method answers this. */
    private static <T> T stub(Class<T> type, String methodName, Object answer) {
        return type.cast(Proxy.newProxyInstance(
                UnproxiedTest.class.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                    if (method.getName().equals(methodName)) {
                        return answer;
                    }
                    throw new UnsupportedOperationException(method.getName());
                }));
    }
}
