package dev.sqlexam.database;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Whether a server runs on this machine, from the hosts its URL names. */
public final class ServerLocation {

    private static final Map<String, Boolean> LOCAL_HOSTS = new ConcurrentHashMap<>();

    private ServerLocation() {}

    /**
     * True when every host of the URL (PostgreSQL's URLs may list several) is this machine: a
     * loopback address, or an address of one of its interfaces. A host that does not resolve counts
     * as elsewhere.
     */
    public static boolean onThisMachine(JdbcUrlTemplate url) {
        for (String host : hosts(url.template()))
            if (!LOCAL_HOSTS.computeIfAbsent(host, ServerLocation::isLocal)) return false;
        return true;
    }

    /** The URL's hosts without their ports; none named means localhost, as the driver reads it. */
    static String[] hosts(String url) {
        String rest = url.substring(url.indexOf("//") + 2);
        int end = rest.length();
        for (char c : new char[] {'/', '?'}) {
            int i = rest.indexOf(c);
            if (i >= 0) end = Math.min(end, i);
        }
        String[] hosts = rest.substring(0, end).split(",");
        for (int i = 0; i < hosts.length; i++) {
            String h = hosts[i].trim();
            if (h.startsWith("[")) h = h.substring(1, Math.max(1, h.indexOf(']')));
            else if (h.indexOf(':') >= 0) h = h.substring(0, h.indexOf(':'));
            hosts[i] = h.isEmpty() ? "localhost" : h;
        }
        return hosts;
    }

    private static boolean isLocal(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!a.isLoopbackAddress()
                        && !a.isAnyLocalAddress()
                        && NetworkInterface.getByInetAddress(a) == null) return false;
            }
            return true;
        } catch (UnknownHostException | SocketException e) {
            // a name this machine cannot resolve, or interfaces it cannot list: not known to be
            // here, so sized as a server elsewhere (connecting reports a bad host, not this)
            return false;
        }
    }
}
