package dev.sqlexam.sql;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;

/**
 * JSqlParser with its parse time limit kept (a hostile statement cannot hold a worker), but on one shared pool of
 * daemon threads: JSqlParser's own entry points start an executor per statement, which costs more than the parse itself.
 */
public final class SqlParsing {

    private static final ExecutorService PARSERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "sqlexam-sql-parser");
        t.setDaemon(true);
        return t;
    });

    private SqlParsing() {}

    public static Statement parse(String sql) throws JSQLParserException {
        return CCJSqlParserUtil.parse(sql, PARSERS, null);
    }

    public static Statements parseStatements(String sql) throws JSQLParserException {
        return CCJSqlParserUtil.parseStatements(sql, PARSERS, null);
    }
}
