package io.fuxi.platform.beans;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.spi.Context;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;

/**
 * An application-scoped bean's own instance, taken from its context: what a client proxy would look up on every call
 * (ADR 53). It lives as long as the application, so a hot path may keep it. A bean with interceptors is still
 * intercepted: its instance is then the container's subclass, which runs them.
 */
public final class Unproxied {

    private Unproxied() {}

    /** The instance of the one bean of this type, made now if nobody has used it yet. */
    public static <T> T of(BeanManager beans, Class<T> type) {
        @SuppressWarnings("unchecked")
        Bean<T> bean = (Bean<T>) beans.resolve(beans.getBeans(type));
        if (bean == null || !ApplicationScoped.class.equals(bean.getScope())) {
            throw new IllegalArgumentException(type.getName() + " is not one application-scoped bean");
        }
        Context application = beans.getContext(ApplicationScoped.class);
        return type.cast(application.get(bean, beans.createCreationalContext(bean)));
    }
}
