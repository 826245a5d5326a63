package dev.sqlexam.sql;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * JSqlParser with its parse time limit kept (a hostile statement cannot hold a worker), but on one
 * shared pool of daemon threads: JSqlParser's own entry points start an executor per statement,
 * which costs more than the parse itself.
 */
public final class SqlParsing {

    private static final ExecutorService PARSERS =
            Executors.newCachedThreadPool(
                    r -> {
                        Thread t = new Thread(r, "sqlexam-sql-parser");
                        t.setDaemon(true);
                        return t;
                    });

    private SqlParsing() {}

    public static Statement parse(String sql) throws JSQLParserException {
        return CCJSqlParserUtil.parse(sql, PARSERS, null);
    }

    /**
     * Why a parse failed, in one line: the parser's first message line, or the error's kind for a
     * stack overflow and the like.
     */
    public static String reason(Throwable failure) {
        String message = failure.getMessage();
        if (failure instanceof StackOverflowError || message == null || message.isBlank())
            return failure.getClass().getSimpleName();
        String first = ErrorText.firstLine(message.strip());
        return first.length() > 160 ? first.substring(0, 160) + "…" : first;
    }

    public static Statements parseStatements(String sql) throws JSQLParserException {
        return CCJSqlParserUtil.parseStatements(sql, PARSERS, null);
    }
}
