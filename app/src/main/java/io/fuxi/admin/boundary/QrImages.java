package io.fuxi.admin.boundary;

import io.fuxi.links.boundary.LinkService;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.security.boundary.ConsoleAccount;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The QR code of a link for the console's link page: {@code /admin/qr?code=...&format=png|svg}, shown in the page or,
 * with {@code download}, saved as a file. Behind the console's sign-in like every page under /admin.
 */
@WebServlet("/admin/qr")
public class QrImages extends HttpServlet {

    static final int SIZE = 512;

    @Inject
    LinkService links;

    @Inject
    ConsoleAccount account;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String code = request.getParameter("code");
        String format = request.getParameter("format") == null ? "png" : request.getParameter("format");
        byte[] image;
        try {
            image = links.qr(links.read(account.caller(), code == null ? "" : code), format, SIZE);
        } catch (ProblemException refused) {
            response.sendError(refused.toProblem().status());
            return;
        }
        response.setContentType(format.equals("svg") ? "image/svg+xml" : "image/png");
        if (request.getParameter("download") != null) {
            response.setHeader("Content-Disposition", "attachment; filename=\"" + code + "." + format + "\"");
        }
        response.setContentLength(image.length);
        response.getOutputStream().write(image);
    }
}
