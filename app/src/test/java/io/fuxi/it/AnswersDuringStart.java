package io.fuxi.it;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a URL answers while Fuxi starts: asked every 50 ms on a thread of its own from {@link #watch} until {@link
 * #stop}, each answer its status code, {@link #REFUSED} when the port was closed, {@link #NO_ANSWER} when the request
 * timed out or failed otherwise.
 */
final class AnswersDuringStart {

    static final int REFUSED = 0;
    static final int NO_ANSWER = -1;

    private final List<Integer> answers = new CopyOnWriteArrayList<>();
    private final Thread poller;
    private volatile boolean stopped;

    private AnswersDuringStart(URI uri) {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(2))
                .build();
        HttpRequest request =
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build();
        poller = new Thread(() -> {
            while (!stopped) {
                answers.add(ask(client, request));
                try {
                    TimeUnit.MILLISECONDS.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        poller.setDaemon(true);
        poller.start();
    }

    static AnswersDuringStart watch(URI uri) {
        return new AnswersDuringStart(uri);
    }

    /** Stops asking; answers how often each answer came, in order of the answers' codes. */
    Map<Integer, Long> stop() throws InterruptedException {
        stopped = true;
        poller.join(TimeUnit.SECONDS.toMillis(10));
        return answers.stream()
                .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
    }

    private static int ask(HttpClient client, HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (ConnectException refused) {
            return REFUSED;
        } catch (IOException other) {
            return NO_ANSWER;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return NO_ANSWER;
        }
    }
}
