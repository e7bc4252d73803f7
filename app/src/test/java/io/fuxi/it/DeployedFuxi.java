package io.fuxi.it;

import io.fuxi.it.clock.ClockResource;
import io.fuxi.it.clock.MovableClock;
import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A container test: the WAR the build made (target/fuxi.war, the real thing, not a hand-picked subset) on its own
 * Payara Micro, driven over HTTP as its users would, with the suite's admin key. The deployment's clock can be moved
 * ({@link Api#moveClock}); it is back at the real time after each test.
 */
@Tag("deployed")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
abstract class DeployedFuxi {

    @ArquillianResource
    URL base;

    Api admin;

    @Deployment(testable = false)
    static WebArchive war() {
        return ShrinkWrap.createFromZipFile(WebArchive.class, new File(System.getProperty("fuxi.it.war")))
                .addClasses(MovableClock.class, ClockResource.class);
    }

    /** The WAR with loopback trusted as a proxy, so that a test says in X-Forwarded-For where a call comes from. */
    static WebArchive warBehindLoopbackProxy() {
        return warWithSettings("fuxi.proxy.trusted=127.0.0.1,::1\n");
    }

    /** The WAR with these lines of settings, which win over every other source of them. */
    static WebArchive warWithSettings(String properties) {
        JavaArchive settings = ShrinkWrap.create(JavaArchive.class, "test-settings.jar")
                .addAsManifestResource(
                        new StringAsset("config_ordinal=500\n" + properties), "microprofile-config.properties");
        return war().addAsLibrary(settings);
    }

    @BeforeEach
    void connectAsAdmin() throws URISyntaxException {
        admin = new Api(base.toURI());
    }

    @AfterEach
    void clockBack() {
        admin.clockBack();
    }
}
