package dev.sqlexam.jobs.cli;

/**
 * A command a module beside the product adds to sqlexam's command line, found with {@link
 * java.util.ServiceLoader} on the class path: the bench ({@code ./sqlexam bench}) lives in its own
 * module, outside the product jar, and appears among the commands when its jar is there.
 */
public interface CliExtension {

    /** The picocli command: its class or an instance. */
    Object command();

    /** The command it is listed after. */
    String after();
}
