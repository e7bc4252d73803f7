package io.fuxi;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lines between components, checked on the compiled classes: a component (io.fuxi.<component>) reaches another
 * only through that one's boundary package, platform depends on no component, and no two components depend on each
 * other, directly or around a circle.
 */
class ComponentLinesTest {

    private static final String ROOT = "io.fuxi.";
    private static final String PLATFORM = "platform";

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.fuxi");
    }

    @Test
    void aComponentReachesAnotherOnlyThroughItsBoundary() {
        classes().should(reachOtherComponentsOnlyThroughTheirBoundary()).check(production);
    }

    @Test
    void platformDependsOnNoComponent() {
        noClasses()
                .that()
                .resideInAPackage(ROOT + PLATFORM + "..")
                .should()
                .dependOnClassesThat(resideInAComponent())
                .check(production);
    }

    @Test
    void onlyTheClusterAndTheLinkCacheKnowInfinispan() {
        noClasses()
                .that()
                .resideOutsideOfPackage(ROOT + "platform.cluster..")
                .and()
                .doNotHaveFullyQualifiedName(ROOT + "redirect.control.LinkCache")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.infinispan..")
                .check(production);
    }

    @Test
    void onlyTheClusterKnowsJGroups() {
        noClasses()
                .that()
                .resideOutsideOfPackage(ROOT + "platform.cluster..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.jgroups..")
                .check(production);
    }

    @Test
    void noCycleBetweenComponents() {
        slices().matching(ROOT + "(*)..").should().beFreeOfCycles().check(production);
    }

    private static ArchCondition<JavaClass> reachOtherComponentsOnlyThroughTheirBoundary() {
        return new ArchCondition<>("reach other components only through their boundary package") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                String from = component(origin);
                for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                    JavaClass target = dependency.getTargetClass();
                    String to = component(target);
                    boolean allowed = to == null
                            || to.equals(from)
                            || to.equals(PLATFORM)
                            || target.getPackageName().equals(ROOT + to + ".boundary");
                    if (!allowed) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                }
            }
        };
    }

    private static DescribedPredicate<JavaClass> resideInAComponent() {
        return DescribedPredicate.describe(
                "reside in a component", type -> component(type) != null && !PLATFORM.equals(component(type)));
    }

    /** The component a class belongs to (the package segment after io.fuxi), or null outside io.fuxi's components. */
    private static String component(JavaClass type) {
        String name = type.getPackageName();
        if (!name.startsWith(ROOT)) {
            return null;
        }
        int end = name.indexOf('.', ROOT.length());
        return end < 0 ? name.substring(ROOT.length()) : name.substring(ROOT.length(), end);
    }
}
