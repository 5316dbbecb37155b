package dev.ferrum.imagebuilder.java;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandRunner;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The JDK modules a set of jars uses, as {@code jdeps --print-module-deps} reports them. Derived,
 * never guessed: the runtime holds exactly what the agent's byte code references.
 */
public final class ModuleDeps {
    private final CommandRunner runner;
    private final JavaToolchain jdk;

    public ModuleDeps(CommandRunner runner, JavaToolchain jdk) {
        this.runner = runner;
        this.jdk = jdk;
    }

    /** Sorted module names for {@code jars}, analysed as multi-release jars at {@code release}: jdeps' minimal set. */
    public List<String> of(List<Path> jars, int release) {
        return parse(jdeps(jars, release, "--print-module-deps"));
    }

    /**
     * Every JDK module the jars reference directly ({@code --list-deps}), not only the minimal set that
     * implies them: leaving a module out of the link must not take what it implied with it.
     */
    public List<String> direct(List<Path> jars, int release) {
        String out = jdeps(jars, release, "--list-deps");
        List<String> modules = Arrays.stream(out.split("[,\\s]+")).filter(w -> w.matches("(java|jdk)\\.[A-Za-z0-9_.]+"))
                .sorted().distinct().toList();
        if (modules.isEmpty()) {
            throw new ImageBuildException("jdeps --list-deps printed no module (got: '" + out.strip() + "'); run it by hand to see why");
        }
        return modules;
    }

    private String jdeps(List<Path> jars, int release, String listing) {
        // The jars go on the module path too: a modular jar (the generic hardware manager's
        // module-info requires com.github.oshi) makes jdeps resolve its requirements there, and
        // fails with "Module ... not found" without it.
        List<String> argv = new ArrayList<>(List.of(jdk.tool("jdeps").toString(), "--module-path",
                String.join(File.pathSeparator, jars.stream().map(Path::toString).toList()), listing,
                "--ignore-missing-deps", "--multi-release", Integer.toString(release)));
        jars.forEach(jar -> argv.add(jar.toString()));
        Command command = Command.of(argv);
        return runner.run(command).requireSuccess(command, "Check that the agent jars are readable and built for Java " + release + ".").stdout();
    }

    /** The last non-blank line of jdeps' output is the comma-separated module list. */
    static List<String> parse(String output) {
        List<String> lines = output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (lines.isEmpty() || !lines.getLast().matches("[A-Za-z0-9_.]+(,[A-Za-z0-9_.]+)*")) {
            throw new ImageBuildException("jdeps printed no module list (got: '" + output.strip() + "'); run it by hand to see why");
        }
        return Arrays.stream(lines.getLast().split(",")).sorted().distinct().toList();
    }
}
