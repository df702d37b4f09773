#!/usr/bin/env python3
# Checks that a file is a valid SARIF 2.1.0 log, for the objects MPISync
# writes. Debian packages no copy of the official JSON schema
# (sarif-schema-2.1.0.json), and the tests run offline, so this checker
# encodes the rules of the OASIS SARIF 2.1.0 specification (errata 01)
# itself: for every object type MPISync emits, the properties the
# specification defines (anything else is an error, as with the schema's
# "additionalProperties": false), their types, required properties, enums
# and minimums, plus the cross-references the schema cannot express
# (ruleIndex, relatedLocations ids, embedded links, uriBaseIds).
#   usage: check_sarif.py FILE   prints "SARIF OK: N results" or the errors
import json
import re
import sys
import urllib.parse

STR, INT, BOOL, NUM = "string", "integer", "boolean", "number"


def arr(t):
    return ("array", t)


def dict_of(t):
    return ("dict", t)


ANY = "any"

# object type -> (properties: name -> type, required, anyOf-required)
# Properties MPISync never writes are typed ANY: allowed, not inspected.
OBJECTS = {
    "sarifLog": ({"$schema": STR, "version": STR, "runs": arr("run"),
                  "inlineExternalProperties": ANY,
                  "properties": "propertyBag"}, ["version", "runs"], None),
    "run": ({"tool": "tool", "invocations": ANY, "conversion": ANY,
             "language": STR, "versionControlProvenance": ANY,
             "originalUriBaseIds": dict_of("artifactLocation"),
             "artifacts": ANY, "logicalLocations": ANY, "graphs": ANY,
             "results": arr("result"), "automationDetails": ANY,
             "runAggregates": ANY, "baselineGuid": STR,
             "redactionTokens": ANY, "defaultEncoding": STR,
             "defaultSourceLanguage": STR, "newlineSequences": ANY,
             "columnKind": STR, "externalPropertyFileReferences": ANY,
             "threadFlowLocations": ANY, "taxonomies": ANY,
             "addresses": ANY, "translations": ANY, "policies": ANY,
             "webRequests": ANY, "webResponses": ANY,
             "specialLocations": ANY, "properties": "propertyBag"},
            ["tool"], None),
    "tool": ({"driver": "toolComponent", "extensions": arr("toolComponent"),
              "properties": "propertyBag"}, ["driver"], None),
    "toolComponent": ({"guid": STR, "name": STR, "organization": STR,
                       "product": STR, "productSuite": STR,
                       "shortDescription": "multiformatMessageString",
                       "fullDescription": "multiformatMessageString",
                       "fullName": STR, "version": STR,
                       "semanticVersion": STR, "dottedQuadFileVersion": STR,
                       "releaseDateUtc": STR, "downloadUri": STR,
                       "informationUri": STR, "globalMessageStrings": ANY,
                       "notifications": ANY,
                       "rules": arr("reportingDescriptor"), "taxa": ANY,
                       "locations": ANY, "language": STR, "contents": ANY,
                       "isComprehensive": BOOL,
                       "localizedDataSemanticVersion": STR,
                       "minimumRequiredLocalizedDataSemanticVersion": STR,
                       "associatedComponent": ANY,
                       "translationMetadata": ANY,
                       "supportedTaxonomies": ANY,
                       "properties": "propertyBag"}, ["name"], None),
    "reportingDescriptor": ({"id": STR, "deprecatedIds": arr(STR),
                             "guid": STR, "deprecatedGuids": arr(STR),
                             "name": STR, "deprecatedNames": arr(STR),
                             "shortDescription": "multiformatMessageString",
                             "fullDescription": "multiformatMessageString",
                             "messageStrings": ANY,
                             "defaultConfiguration": "reportingConfiguration",
                             "helpUri": STR,
                             "help": "multiformatMessageString",
                             "relationships": ANY,
                             "properties": "propertyBag"}, ["id"], None),
    "reportingConfiguration": ({"enabled": BOOL, "level": STR, "rank": NUM,
                                "parameters": "propertyBag",
                                "properties": "propertyBag"}, [], None),
    "multiformatMessageString": ({"text": STR, "markdown": STR,
                                  "properties": "propertyBag"},
                                 ["text"], None),
    "message": ({"text": STR, "markdown": STR, "id": STR,
                 "arguments": arr(STR), "properties": "propertyBag"},
                [], [["text"], ["id"]]),
    "result": ({"ruleId": STR, "ruleIndex": INT, "rule": ANY, "kind": STR,
                "level": STR, "message": "message", "analysisTarget": ANY,
                "locations": arr("location"), "guid": STR,
                "correlationGuid": STR, "occurrenceCount": INT,
                "partialFingerprints": dict_of(STR),
                "fingerprints": dict_of(STR), "stacks": arr("stack"),
                "codeFlows": ANY, "graphs": ANY, "graphTraversals": ANY,
                "relatedLocations": arr("location"), "suppressions": ANY,
                "baselineState": STR, "rank": NUM, "attachments": ANY,
                "hostedViewerUri": STR, "workItemUris": arr(STR),
                "provenance": ANY, "fixes": ANY, "taxa": ANY,
                "webRequest": ANY, "webResponse": ANY,
                "properties": "propertyBag"}, ["message"], None),
    "location": ({"id": INT, "physicalLocation": "physicalLocation",
                  "logicalLocations": arr("logicalLocation"),
                  "message": "message", "annotations": arr("region"),
                  "relationships": ANY, "properties": "propertyBag"},
                 [], None),
    "physicalLocation": ({"address": ANY,
                          "artifactLocation": "artifactLocation",
                          "region": "region", "contextRegion": "region",
                          "properties": "propertyBag"},
                         [], [["address"], ["artifactLocation"]]),
    "artifactLocation": ({"uri": STR, "uriBaseId": STR, "index": INT,
                          "description": "message",
                          "properties": "propertyBag"}, [], None),
    "region": ({"startLine": INT, "startColumn": INT, "endLine": INT,
                "endColumn": INT, "charOffset": INT, "charLength": INT,
                "byteOffset": INT, "byteLength": INT, "snippet": ANY,
                "message": "message", "sourceLanguage": STR,
                "properties": "propertyBag"}, [], None),
    "logicalLocation": ({"name": STR, "index": INT,
                         "fullyQualifiedName": STR, "decoratedName": STR,
                         "parentIndex": INT, "kind": STR,
                         "properties": "propertyBag"}, [], None),
    "stack": ({"message": "message", "frames": arr("stackFrame"),
               "properties": "propertyBag"}, ["frames"], None),
    "stackFrame": ({"location": "location", "module": STR, "threadId": INT,
                    "parameters": arr(STR), "properties": "propertyBag"},
                   [], None),
}

# (object type, property) -> allowed values / minimum.
ENUMS = {
    ("sarifLog", "version"): {"2.1.0"},
    ("result", "kind"): {"notApplicable", "pass", "fail", "review", "open",
                         "informational"},
    ("result", "level"): {"none", "note", "warning", "error"},
    ("reportingConfiguration", "level"): {"none", "note", "warning", "error"},
    ("result", "baselineState"): {"new", "unchanged", "updated", "absent"},
    ("run", "columnKind"): {"utf16CodeUnits", "unicodeCodePoints"},
}
MINIMUM = {
    ("result", "ruleIndex"): -1, ("result", "occurrenceCount"): 1,
    ("location", "id"): -1, ("artifactLocation", "index"): -1,
    ("region", "startLine"): 1, ("region", "startColumn"): 1,
    ("region", "endLine"): 1, ("region", "endColumn"): 1,
    ("region", "charOffset"): -1, ("region", "byteOffset"): 0,
    ("region", "charLength"): 0, ("region", "byteLength"): 0,
    ("logicalLocation", "index"): -1, ("logicalLocation", "parentIndex"): -1,
    ("stackFrame", "threadId"): 0,
}
# Properties the specification requires to be URIs.
URIS = {("toolComponent", "informationUri"): True,
        ("toolComponent", "downloadUri"): True,
        ("reportingDescriptor", "helpUri"): True,
        ("artifactLocation", "uri"): False}  # True: absolute

errors = []


def err(path, msg):
    errors.append("%s: %s" % (path, msg))


def type_ok(v, t):
    if t == STR:
        return isinstance(v, str)
    if t == INT:
        return isinstance(v, int) and not isinstance(v, bool)
    if t == NUM:
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if t == BOOL:
        return isinstance(v, bool)
    return True


URI_CHARS = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*$")


def check_uri(path, v, absolute):
    if not URI_CHARS.match(v) or re.search(r"%(?![0-9A-Fa-f]{2})", v):
        err(path, "not a valid URI reference: %r" % v)
        return
    scheme = urllib.parse.urlsplit(v).scheme
    if absolute and not scheme:
        err(path, "not an absolute URI: %r" % v)


def check(v, t, path):
    if t == ANY:
        return
    if isinstance(t, tuple):
        kind, inner = t
        if kind == "array":
            if not isinstance(v, list):
                return err(path, "expected an array")
            for i, x in enumerate(v):
                check(x, inner, "%s[%d]" % (path, i))
        else:
            if not isinstance(v, dict):
                return err(path, "expected an object")
            for k, x in v.items():
                check(x, inner, "%s.%s" % (path, k))
        return
    if t in (STR, INT, BOOL, NUM):
        if not type_ok(v, t):
            err(path, "expected a %s, got %r" % (t, v))
        return
    if t == "propertyBag":
        if not isinstance(v, dict):
            return err(path, "a property bag must be an object")
        tags = v.get("tags")
        if tags is not None and (not isinstance(tags, list) or
                                 len(set(map(str, tags))) != len(tags)):
            err(path, "tags must be an array of unique strings")
        return
    props, required, any_of = OBJECTS[t]
    if not isinstance(v, dict):
        return err(path, "expected a %s object" % t)
    for k in v:
        if k not in props:
            err(path, "property '%s' is not defined for %s" % (k, t))
    for k in required:
        if k not in v:
            err(path, "%s requires '%s'" % (t, k))
    if any_of and not any(all(k in v for k in alt) for alt in any_of):
        err(path, "%s requires one of %s" % (t, " or ".join(
            "/".join(a) for a in any_of)))
    for k, x in v.items():
        if k not in props:
            continue
        check(x, props[k], "%s.%s" % (path, k))
        if (t, k) in ENUMS and x not in ENUMS[(t, k)]:
            err("%s.%s" % (path, k), "%r is not one of %s" % (
                x, sorted(ENUMS[(t, k)])))
        if (t, k) in MINIMUM and type_ok(x, INT) and x < MINIMUM[(t, k)]:
            err("%s.%s" % (path, k), "%r is below %d" % (x, MINIMUM[(t, k)]))
        if (t, k) in URIS and isinstance(x, str):
            check_uri("%s.%s" % (path, k), x, URIS[(t, k)])


LINK = re.compile(r"(?<!\\)\[((?:[^\]\\]|\\.)*)\]\(([^)]*)\)")


def check_semantics(log):
    """Rules of the specification the schema does not express."""
    for ri, run in enumerate(log.get("runs") or []):
        base_ids = run.get("originalUriBaseIds") or {}
        for name, loc in base_ids.items():
            uri = loc.get("uri", "")
            if uri and not uri.endswith("/"):
                err("runs[%d].originalUriBaseIds.%s" % (ri, name),
                    "a base URI must end with '/' (3.14.14)")
        rules = run["tool"]["driver"].get("rules") or []
        ids = [r.get("id") for r in rules]
        if len(set(ids)) != len(ids):
            err("runs[%d].tool.driver.rules" % ri, "rule ids are not unique")
        for i, res in enumerate(run.get("results") or []):
            p = "runs[%d].results[%d]" % (ri, i)
            idx = res.get("ruleIndex")
            if idx is not None and idx >= 0:
                if idx >= len(rules):
                    err(p, "ruleIndex %d has no rule" % idx)
                elif "ruleId" in res and rules[idx].get("id") != res["ruleId"]:
                    err(p, "ruleIndex %d is rule '%s', not ruleId '%s'" % (
                        idx, rules[idx].get("id"), res["ruleId"]))
            if "ruleId" in res and res["ruleId"] not in ids:
                err(p, "ruleId '%s' is not among the rules" % res["ruleId"])
            rel_ids = [l.get("id") for l in res.get("relatedLocations", [])
                       if "id" in l]
            if len(set(rel_ids)) != len(rel_ids):
                err(p, "relatedLocations ids are not unique (3.28.2)")
            for m in LINK.finditer(res.get("message", {}).get("text", "")):
                target = m.group(2)
                if target.isdigit():
                    if int(target) not in rel_ids:
                        err(p, "embedded link to location %s, which is not "
                            "in relatedLocations (3.11.6)" % target)
                else:
                    check_uri(p + ".message", target, True)
            for loc in res.get("locations", []) + res.get(
                    "relatedLocations", []):
                art = loc.get("physicalLocation", {}).get("artifactLocation")
                if art and "uriBaseId" in art and base_ids and \
                        art["uriBaseId"] not in base_ids:
                    err(p, "uriBaseId '%s' is not in originalUriBaseIds" %
                        art["uriBaseId"])


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        log = json.load(f)
    check(log, "sarifLog", "$")
    if not errors:
        check_semantics(log)
    if errors:
        for e in errors:
            print("SARIF ERROR: " + e)
        return 1
    n = sum(len(r.get("results") or []) for r in log["runs"])
    print("SARIF OK: %d result%s" % (n, "" if n == 1 else "s"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
