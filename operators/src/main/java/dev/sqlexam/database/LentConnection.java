package dev.sqlexam.database;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A handle on a pooled session whose close() hands the session back (once) instead of ending it;
 * after that, every other call fails as on a closed connection.
 */
public final class LentConnection {

    private LentConnection() {}

    /** {@code physical} lent out; {@code giveBack} runs at the handle's first close(). */
    public static Connection lend(Connection physical, Runnable giveBack) {
        InvocationHandler handler =
                new InvocationHandler() {
                    private boolean returned;

                    @Override
                    public Object invoke(Object proxy, Method method, Object[] args)
                            throws Throwable {
                        switch (method.getName()) {
                            case "close" -> {
                                if (!returned) {
                                    returned = true;
                                    giveBack.run();
                                }
                                return null;
                            }
                            case "isClosed" -> {
                                return returned || physical.isClosed();
                            }
                            case "equals" -> {
                                return proxy == args[0];
                            }
                            case "hashCode" -> {
                                return System.identityHashCode(proxy);
                            }
                            default -> {
                                if (returned)
                                    throw new SQLException(
                                            "connection already given back to the pool", "08003");
                                try {
                                    return method.invoke(physical, args);
                                } catch (InvocationTargetException e) {
                                    throw e.getCause();
                                }
                            }
                        }
                    }
                };
        return (Connection)
                Proxy.newProxyInstance(
                        Connection.class.getClassLoader(),
                        new Class<?>[] {Connection.class},
                        handler);
    }
}
