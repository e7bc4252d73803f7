package io.fuxi.admin.boundary;

import jakarta.faces.FacesException;
import jakarta.faces.application.ViewExpiredException;
import jakarta.faces.context.ExceptionHandler;
import jakarta.faces.context.ExceptionHandlerFactory;
import jakarta.faces.context.ExceptionHandlerWrapper;
import jakarta.faces.context.FacesContext;
import jakarta.faces.event.ExceptionQueuedEvent;
import jakarta.faces.event.ExceptionQueuedEventContext;
import jakarta.faces.event.PhaseId;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;

/**
 * A form post whose view state the console does not know (forged, from another site, from a page open longer than
 * the session, or claiming a stateless view, which the console has none of) changes nothing and gets a 400 page that
 * says what to do, never the container's 500: whatever fails while a post's view is restored means its view state
 * was not the console's.
 */
public class ForgedOrExpiredForms extends ExceptionHandlerFactory {

    static final String PAGE =
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Form expired · Fuxi"
                    + "</title></head><body><h1>This form has expired</h1><p>Nothing was changed. The page was open too long, or"
                    + " the form did not come from this console. <a href=\"%s/admin/\">Open the console again</a> and"
                    + " repeat what you did.</p></body></html>";

    public ForgedOrExpiredForms(ExceptionHandlerFactory wrapped) {
        super(wrapped);
    }

    @Override
    public ExceptionHandler getExceptionHandler() {
        return new Handler(getWrapped().getExceptionHandler());
    }

    private static final class Handler extends ExceptionHandlerWrapper {

        Handler(ExceptionHandler wrapped) {
            super(wrapped);
        }

        @Override
        public void handle() throws FacesException {
            Iterator<ExceptionQueuedEvent> events =
                    getUnhandledExceptionQueuedEvents().iterator();
            while (events.hasNext()) {
                ExceptionQueuedEventContext queued = events.next().getContext();
                FacesContext faces = FacesContext.getCurrentInstance();
                if (queued.getException() instanceof ViewExpiredException
                        || (PhaseId.RESTORE_VIEW.equals(queued.getPhaseId()) && faces.isPostback())) {
                    events.remove();
                    refuse(faces);
                }
            }
            getWrapped().handle();
        }

        private static void refuse(FacesContext faces) {
            HttpServletResponse response =
                    (HttpServletResponse) faces.getExternalContext().getResponse();
            try {
                response.resetBuffer(); // keeps the console's security headers
                response.setStatus(400);
                response.setContentType("text/html;charset=UTF-8");
                response.getWriter()
                        .write(String.format(PAGE, faces.getExternalContext().getRequestContextPath()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            faces.responseComplete();
        }
    }
}
