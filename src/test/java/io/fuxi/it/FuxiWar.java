package io.fuxi.it;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The WAR the build made (target/fuxi.war): container tests deploy the real thing, not a hand-picked subset. */
final class FuxiWar {

    private FuxiWar() {
    }

    static WebArchive fromBuild() {
        return ShrinkWrap.createFromZipFile(WebArchive.class, new File(System.getProperty("fuxi.it.war")));
    }
}
