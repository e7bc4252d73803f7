package bench.ceiling;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ceiling of a redirect on Payara Micro: a bare Servlet answering 302 from an in-memory map, nothing else.
 * {@code GET /} answers 200 once the WAR is deployed (a booting Payara answers 404).
 */
@WebServlet(urlPatterns = "/*")
public class CeilingRedirects extends HttpServlet {

    static final Map<String, String> LINKS = new ConcurrentHashMap<>();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        if (path.equals("/")) {
            response.setStatus(200);
            return;
        }
        String url = LINKS.get(path.substring(1));
        if (url == null) {
            response.sendError(404);
            return;
        }
        response.setStatus(302);
        response.setHeader("Location", url);
    }
}
