package io.fuxi.it;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A container test: the WAR the build made (target/fuxi.war, the real thing, not a hand-picked subset) on its own
 * Payara Micro, driven over HTTP as its users would, with the suite's admin key.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
abstract class DeployedFuxi {

    @ArquillianResource
    URL base;

    Api admin;

    @Deployment(testable = false)
    static WebArchive war() {
        return ShrinkWrap.createFromZipFile(WebArchive.class, new File(System.getProperty("fuxi.it.war")));
    }

    @BeforeEach
    void connectAsAdmin() throws URISyntaxException {
        admin = new Api(base.toURI());
    }
}
