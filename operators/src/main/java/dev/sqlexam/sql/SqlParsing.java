package dev.sqlexam.sql;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;

import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Function;

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
     * What {@code work} makes of the statement JSqlParser reads in {@code sql}; empty where the
     * parser cannot read the text, or {@code work} meets a tree it cannot handle (a mutation the
     * tree does not allow, a shape it does not expect), for callers to whom such a query simply
     * yields nothing of this kind. A caller that must say why parses itself and reports {@link
     * #reason}.
     */
    public static <T> Optional<T> fromTree(String sql, Function<Statement, T> work) {
        try {
            return Optional.ofNullable(work.apply(parse(sql)));
        } catch (Exception | StackOverflowError refused) {
            // the one place a query's tree is let go unread: its callers' answer for it is "none"
            // (no corruptions made from the tree, no gold constants, no such neighbour), and
            // where the reason matters they report it themselves (Neighbours.unreadable)
            return Optional.empty();
        }
    }

    /**
     * As {@link #fromTree}, for work that adds to what the caller holds (what it added before a
     * failure stays).
     */
    public static void onTree(String sql, Consumer<Statement> work) {
        fromTree(
                sql,
                statement -> {
                    work.accept(statement);
                    return Boolean.TRUE;
                });
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
