import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * Build step of the conductor's class cache (conductor/pom.xml, JDK 25 only): rewrites the class files of a
 * library jar that predate Java 6 (class-file version below 50) as Java 8 class files (version 52) with stack
 * maps, the bytecode itself unchanged.
 *
 * <p>Why: the JVM verifies a pre-Java-6 class with the old inference verifier, which records nothing an AOT cache
 * can re-check, so a cache refuses every such class that the training run linked ("Old class has been linked")
 * and the JVM loads, parses and verifies them from the jar on every start. picocli 4.7 is compiled for Java 5
 * and no later build of it exists; with stack maps its 135 classes on the start path (and the conductor's own
 * classes implementing its interfaces) go into the cache like the rest.
 *
 * <p>Each class is checked after the rewrite: the new jar is loaded in a fresh class loader and every rewritten
 * class linked (so verified by the type-checking verifier). If any class fails the rewrite or the check, the jar
 * is left exactly as it was and the step says why: the cache then lacks these classes, as before, and nothing
 * else changes. Usage: {@code java RetargetOldClasses.java JAR}; the jar is replaced in place when rewritten.
 */
public final class RetargetOldClasses {
    private static final int OLDEST_CACHEABLE = ClassFile.JAVA_6_VERSION;
    private static final int TARGET = ClassFile.JAVA_8_VERSION;

    private RetargetOldClasses() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java RetargetOldClasses.java JAR");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        Path rewritten = jar.resolveSibling(jar.getFileName() + ".retargeted");
        try {
            int count = rewrite(jar, rewritten);
            if (count == 0) {
                System.out.println(jar.getFileName() + ": no class older than Java 6, left as it is");
                return;
            }
            List<String> failures = check(rewritten);
            if (!failures.isEmpty()) {
                System.out.println(jar.getFileName() + ": left as it is, " + failures.size()
                        + " rewritten class(es) failed verification, first: " + failures.getFirst());
                return;
            }
            Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING);
            System.out.println(jar.getFileName() + ": " + count + " class(es) rewritten as Java 8 class files");
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.out.println(jar.getFileName() + ": left as it is, its classes could not be rewritten: " + e);
        } finally {
            Files.deleteIfExists(rewritten);
        }
    }

    /** Copies JAR to OUT with its old classes rewritten; returns how many were. */
    private static int rewrite(Path jar, Path out) throws IOException {
        int count = 0;
        try (JarFile in = new JarFile(jar.toFile());
                URLClassLoader own = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
                JarOutputStream target = new JarOutputStream(Files.newOutputStream(out))) {
            // Stack maps name the common supertype at each merge point: the jar's own classes, then the JDK's.
            ClassFile classFile = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(own))));
            ClassTransform retarget = (builder, element) -> {
                if (element instanceof ClassFileVersion) {
                    builder.withVersion(TARGET, 0);
                } else if (element instanceof MethodModel method) {
                    // A pass-through of each body makes the builder lay the code out again, with stack maps.
                    builder.transformMethod(method, MethodTransform.transformingCode(CodeTransform.ACCEPT_ALL));
                } else {
                    builder.with(element);
                }
            };
            for (Enumeration<JarEntry> entries = in.entries(); entries.hasMoreElements();) {
                JarEntry entry = entries.nextElement();
                byte[] bytes;
                try (InputStream data = in.getInputStream(entry)) {
                    bytes = data.readAllBytes();
                }
                if (isRewritable(entry.getName())) {
                    ClassModel model = classFile.parse(bytes);
                    if (model.majorVersion() < OLDEST_CACHEABLE) {
                        bytes = classFile.transformClass(model, retarget);
                        count++;
                    }
                }
                JarEntry copy = new JarEntry(entry.getName());
                copy.setTime(entry.getTime());
                target.putNextEntry(copy);
                target.write(bytes);
                target.closeEntry();
            }
        }
        return count;
    }

    /** Class files of the base layer; a multi-release layer (module-info) is already new. */
    private static boolean isRewritable(String name) {
        return name.endsWith(".class") && !name.startsWith("META-INF/");
    }

    /** Links every class of the rewritten jar in a class loader of its own; the classes that fail verification. */
    private static List<String> check(Path jar) throws IOException {
        Map<String, String> failures = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        try (JarFile in = new JarFile(jar.toFile())) {
            in.stream().map(JarEntry::getName).filter(RetargetOldClasses::isRewritable)
                    .forEach(name -> names.add(name.substring(0, name.length() - ".class".length()).replace('/', '.')));
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            for (String name : names) {
                try {
                    // Initialising links, so verifies, the class; picocli's static initialisers only build
                    // constants, and this loader is thrown away.
                    Class.forName(name, true, loader);
                } catch (VerifyError | ClassFormatError e) {
                    failures.put(name, e.toString());
                } catch (ReflectiveOperationException | LinkageError | SecurityException e) {
                    // Not about the rewrite (an optional dependency missing here): the original had it too.
                }
            }
        }
        return failures.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList();
    }
}
