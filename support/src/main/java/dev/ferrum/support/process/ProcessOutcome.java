package dev.ferrum.support.process;

/** How a program that ran to its end finished: exit code and everything it wrote (UTF-8). */
public record ProcessOutcome(int exitCode, String stdout, String stderr) {
}
