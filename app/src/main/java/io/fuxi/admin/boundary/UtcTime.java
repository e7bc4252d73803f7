package io.fuxi.admin.boundary;

import jakarta.faces.component.UIComponent;
import jakarta.faces.context.FacesContext;
import jakarta.faces.convert.Converter;
import jakarta.faces.convert.FacesConverter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Shows an instant as the console does everywhere: {@code 2026-11-24 09:30:15}, in UTC (output only). */
@FacesConverter("fuxi.utc")
public class UtcTime implements Converter<Instant> {

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    @Override
    public Instant getAsObject(FacesContext context, UIComponent component, String value) {
        throw new UnsupportedOperationException("times are shown, never entered, through this converter");
    }

    @Override
    public String getAsString(FacesContext context, UIComponent component, Instant value) {
        return value == null ? "" : FORMAT.format(value);
    }
}
