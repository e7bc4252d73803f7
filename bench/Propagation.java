import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;

/**
 * How long an edit made on one node takes to show on another: edits a link on node A, then redirects through node
 * B until B sends the browser to the new URL. Prints the delay from sending the edit (p50, p99, max) and how many
 * times B's first redirect after A had answered the edit still showed the old URL (it must be none).
 *
 *   java bench/Propagation.java http://127.0.0.1:8081 http://127.0.0.1:8082 API_KEY 1000
 */
public class Propagation {

    public static void main(String[] args) throws Exception {
        URI nodeA = URI.create(args[0] + "/");
        URI nodeB = URI.create(args[1] + "/");
        String key = args[2];
        int edits = Integer.parseInt(args[3]);
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        String created = send(client, HttpRequest.newBuilder(nodeA.resolve("api/v1/links"))
                .header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"https://propagation.example/0\"}")), 201);
        String code = created.replaceAll("(?s).*\"code\":\"([^\"]+)\".*", "$1");
        HttpRequest redirect = HttpRequest.newBuilder(nodeB.resolve(code)).GET().build();
        long[] delays = new long[edits];
        int staleAfterAnswer = 0;
        for (int edit = 1; edit <= edits; edit++) {
            String url = "https://propagation.example/" + edit;
            location(client, redirect); // B holds the link before every edit
            long sent = System.nanoTime();
            send(client, HttpRequest.newBuilder(nodeA.resolve("api/v1/links/" + code))
                    .header("Authorization", "Bearer " + key)
                    .header("Content-Type", "application/json")
                    .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"url\":\"" + url + "\"}")), 200);
            boolean first = true;
            while (!url.equals(location(client, redirect))) {
                if (first) {
                    staleAfterAnswer++;
                    first = false;
                }
                if (System.nanoTime() - sent > 10_000_000_000L) {
                    throw new IllegalStateException("edit " + edit + " not seen on " + nodeB + " within 10 s");
                }
            }
            delays[edit - 1] = System.nanoTime() - sent;
        }
        Arrays.sort(delays);
        System.out.printf(
                "propagation over %d edits: p50 %.2f ms, p99 %.2f ms, max %.2f ms (from sending the edit to node A"
                        + " until node B redirects to the new URL); B's first redirect after A answered was stale %d"
                        + " times%n",
                edits,
                delays[edits / 2] / 1e6,
                delays[(int) Math.ceil(edits * 0.99) - 1] / 1e6,
                delays[edits - 1] / 1e6,
                staleAfterAnswer);
    }

    private static String location(HttpClient client, HttpRequest redirect) throws Exception {
        HttpResponse<Void> response = client.send(redirect, HttpResponse.BodyHandlers.discarding());
        return response.headers().firstValue("Location").orElse("");
    }

    private static String send(HttpClient client, HttpRequest.Builder request, int expected) throws Exception {
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expected) {
            throw new IllegalStateException(response.statusCode() + " " + response.body());
        }
        return response.body();
    }
}
