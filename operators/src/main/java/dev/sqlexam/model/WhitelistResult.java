package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/** The whitelist and both tiers' verdicts. */
public record WhitelistResult(
        String table,
        Map<String, List<String>> whitelist,
        List<ColumnMatch> candidates,
        WhitelistGate observe,
        WhitelistGate active)
        implements Serializable {}
