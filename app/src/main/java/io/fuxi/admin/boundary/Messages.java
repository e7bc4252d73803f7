package io.fuxi.admin.boundary;

import io.fuxi.platform.problem.Problem;
import io.fuxi.platform.problem.ProblemException;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;

/**
 * Runs a change through a boundary and says how it went: its result, or the problem the boundary refused it with
 * (the same words and field the API would answer), shown on the page instead of an error page.
 */
final class Messages {

    private Messages() {}

    static boolean run(Runnable change, String done) {
        boolean ran = run(change);
        if (ran) {
            info(done);
        }
        return ran;
    }

    /** Runs it, saying nothing unless it was refused. */
    static boolean run(Runnable change) {
        try {
            change.run();
            return true;
        } catch (ProblemException refused) {
            Problem problem = refused.toProblem();
            error(problem.field() == null ? problem.detail() : problem.field() + ": " + problem.detail());
            return false;
        }
    }

    static void info(String text) {
        add(FacesMessage.SEVERITY_INFO, text);
    }

    static void error(String text) {
        add(FacesMessage.SEVERITY_ERROR, text);
    }

    private static void add(FacesMessage.Severity severity, String text) {
        FacesContext faces = FacesContext.getCurrentInstance();
        faces.addMessage(null, new FacesMessage(severity, text, null));
    }

    /** Keeps this request's messages for the page a redirect leads to. */
    static void keepForRedirect() {
        FacesContext.getCurrentInstance().getExternalContext().getFlash().setKeepMessages(true);
    }
}
