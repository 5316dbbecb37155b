package dev.ferrum.imagebuilder.plan;

/** The one rule for paths inside the image: relative, slash-separated, no empty, "." or ".." parts. */
final class PlanPaths {
    private PlanPaths() {
    }

    static String requireValid(String path) {
        if (path.isEmpty() || path.startsWith("/") || path.endsWith("/")) {
            throw new IllegalArgumentException("image path must be relative without a trailing slash: '" + path + "'");
        }
        for (String part : path.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                throw new IllegalArgumentException("image path has an empty, '.' or '..' part: '" + path + "'");
            }
        }
        return path;
    }

    static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }
}
