package dev.sqlexam.jobs.runtime;

import dev.sqlexam.database.ScramKeyCache;

/** What every command sets up in its JVM before it runs, local jobs included. */
public final class ClientJvm {

    private ClientJvm() {}

    public static void prepare() {
        // logins to many databases of one server derive the role's SCRAM key once
        ScramKeyCache.install();
    }
}
