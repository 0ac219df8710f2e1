#!/usr/bin/env python3
"""Client-style compatibility sweep of a running Tabula (or any server speaking the same interface).

It calls the service the way published clients of the hosted service do (Python's urllib with JSON
bodies and query keys, like the official Python and JavaScript clients; curl for form and multipart
bodies) and checks the interface specification of the hosted service and the compatibility notes on
its real clients (service-interface.md, compatibility.md; each check names the section it comes
from): authentication variants and another team's ids, the legacy /v1/datasets and /v1/models body
dispatch, synchronous and asynchronous training (every budget), task polling, the training result's
fields and types, predictions, chat exploration, projects, the documentation routes, limits, error
bodies, content types, trailing slashes, HEAD/OPTIONS and numbers versus strings; then how HTTP clients
differ (Content-Type spellings, chunked, 100-continue and compressed bodies, keep-alive, repeated form
names, Unicode, Accept headers, unknown query parameters, paging, idempotent PUT/DELETE, CORS), races
(predictions at once, a delete during predictions or training, identical trainings at once), and the
envelope of every answer (JSON, the family's error body, no 5xx). Every answer is
also checked against the server's own OpenAPI document (/api/v1/api.yaml): run from the repository,
with the end-to-end contract check (status, content type, body schema; scripts/check-recorded-responses.ts),
elsewhere its path and status only.

Usage (standard library only; PyYAML or the repository's node_modules/yaml parse the document):
    /usr/bin/python3 scripts/compat-sweep.py --base-url http://localhost:3388 --api-key KEY
        [--other-key KEY_OF_ANOTHER_TEAM]   checks that another team's ids answer 404
        [--run-long 60,300,1800]            waits for these /api/v1 budgets instead of cancelling them
        [--big-rows 1000000]                appends that many rows (10 fields) and trains on them
        [--cors-origin https://app.example] an origin the server's CORS_ORIGINS allows (else: no CORS headers expected)
        [--skip-chat] [--skip-training]     for a quick run
        [--verbose]                         prints every check, not only the failures

Exit status: 0 when every check passed, 1 otherwise. A check prints as
    FAIL <section>: <what> -- expected ..., got ... [spec reference]
Training runs at duration 1 and 10 (legacy) and 10 (/api/v1); the longer /api/v1 budgets are
submitted, checked and cancelled (extension) unless listed in --run-long. Everything created is deleted.
"""

import argparse
import base64
import gzip
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

# ---------------------------------------------------------------------------------------------
# HTTP: one call, no redirects followed (a 308 is an answer to report, not to hide)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


class Answer:
    def __init__(self, method, path, status, headers, body):
        self.method = method
        self.path = path
        self.status = status
        self.headers = {k.lower(): v for k, v in headers.items()}
        self.raw = body
        self.text = body.decode("utf-8", "replace")
        try:
            self.json = json.loads(self.text) if self.text else None
        except ValueError:
            self.json = None

    @property
    def content_type(self):
        return self.headers.get("content-type", "")

    def __repr__(self):
        return f"{self.method} {self.path} -> {self.status} {self.text[:300]}"


class Client:
    def __init__(self, base_url, api_key, record):
        self.base = base_url.rstrip("/")
        self.key = api_key
        self.record = record

    def call(self, method, path, query=None, json_body=None, form=None, raw=None, headers=None, key="header"):
        """key: "header" (X-API-Key), "none", or a dict of headers already in `headers`."""
        url = self.base + path
        if query:
            url += ("&" if "?" in path else "?") + urllib.parse.urlencode(query)
        hdrs = dict(headers or {})
        if key == "header":
            hdrs.setdefault("X-API-Key", self.key)
        data = None
        if json_body is not None:
            data = json.dumps(json_body).encode()
            hdrs.setdefault("Content-Type", "application/json")
        elif form is not None:
            data = urllib.parse.urlencode(form).encode()
            hdrs.setdefault("Content-Type", "application/x-www-form-urlencoded")
        elif raw is not None:
            data = raw if isinstance(raw, bytes) else raw.encode()
        req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
        try:
            with OPENER.open(req, timeout=600) as res:
                answer = Answer(method, path, res.status, dict(res.headers), res.read())
        except urllib.error.HTTPError as err:
            try:
                body = err.read() or b""
            except ConnectionError:  # the server answered, then closed the connection
                body = b""
            answer = Answer(method, path, err.code, dict(err.headers or {}), body)
        except (urllib.error.URLError, ConnectionError) as err:
            # no HTTP answer at all (connection reset or refused): status 0, reported by the checks
            answer = Answer(method, path, 0, {}, str(err).encode())
        answer.path = url[len(self.base):]
        self.record(answer)
        return answer

    # the two families, as their clients call them
    def v1(self, method, path, **kw):
        return self.call(method, "/api/v1" + path, **kw)

    def legacy(self, method, path, params=None, how="query", **kw):
        """how: query | json | form (where api_key and params travel)."""
        params = dict(params or {})
        if how == "query":
            return self.call(method, path, query={"api_key": self.key, **params}, key="none", **kw)
        if how == "json":
            return self.call(method, path, json_body={"api_key": self.key, **params}, key="none", **kw)
        return self.call(method, path, form={"api_key": self.key, **params}, key="none", **kw)


def curl(args):
    """curl with its own multipart/form encoders; answers (status, body text)."""
    if not shutil.which("curl"):
        return None
    out = subprocess.run(["curl", "-s", "-o", "-", "-w", "\n%{http_code}", *args], capture_output=True, text=True, timeout=120)
    body, _, code = out.stdout.rpartition("\n")
    return int(code or 0), body


# ---------------------------------------------------------------------------------------------
# Checks


class Sweep:
    def __init__(self, verbose):
        self.verbose = verbose
        self.failures = []
        self.passed = 0
        self.section = ""

    def check(self, ok, what, expected=None, got=None, ref=""):
        if ok:
            self.passed += 1
            if self.verbose:
                print(f"  ok   {self.section}: {what}")
            return True
        line = f"FAIL {self.section}: {what}"
        if expected is not None or got is not None:
            line += f" -- expected {expected}, got {str(got)[:400]}"
        if ref:
            line += f" [{ref}]"
        print(line)
        self.failures.append(line)
        return False

    def status(self, answer, expected, what, ref=""):
        allowed = expected if isinstance(expected, (list, tuple, set)) else [expected]
        return self.check(answer.status in allowed, f"{what}: HTTP status", expected, f"{answer.status} {answer.text[:300]}", ref)

    def is_json(self, answer, what):
        return self.check(
            answer.content_type.startswith("application/json") and answer.json is not None,
            f"{what}: JSON body with Content-Type application/json",
            "application/json",
            f"{answer.content_type!r} {answer.text[:120]}",
            "compatibility.md; service-interface.md Endpoints",
        )

    def v1_error(self, answer, status, what, ref="compatibility.md Authentication; service-interface.md Errors"):
        self.status(answer, status, what, ref)
        body = answer.json
        if status == 422:
            items = body.get("detail") if isinstance(body, dict) else None
            ok = isinstance(items, list) and len(items) > 0
            ok = ok and all(
                isinstance(i, dict)
                and isinstance(i.get("loc"), list)
                and all(isinstance(p, (str, int)) for p in i["loc"])
                and isinstance(i.get("msg"), str)
                and isinstance(i.get("type"), str)
                for i in items
            )
            self.check(ok, f"{what}: 422 body {{detail: [{{loc, msg, type}}]}}", "detail list", answer.text[:300], "service-interface.md Errors")
        else:
            self.check(isinstance(body, dict) and isinstance(body.get("detail"), str) and body["detail"], f"{what}: body {{detail: text}}", "detail", answer.text[:200])

    def legacy_error(self, answer, status, what, ref="compatibility.md Authentication (other legacy errors)"):
        self.status(answer, status, what, ref)
        body = answer.json
        self.check(
            isinstance(body, dict) and body.get("status") == "error" and isinstance(body.get("message"), str) and body["message"],
            f"{what}: body {{status: 'error', message}}",
            "{status: error, message}",
            answer.text[:200],
            ref,
        )

    def legacy_key_error(self, answer, what):
        self.status(answer, 404, what, "compatibility.md Authentication")
        self.check(answer.json == {"status": "missing or invalid API key"}, f"{what}: key error body", '{"status": "missing or invalid API key"}', answer.text[:200])


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


# ---------------------------------------------------------------------------------------------
# Data: deterministic, with a signal a model can learn


def churn_rows(n=300, seed=7):
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        plan = rnd.choice(["basic", "standard", "premium"])
        usage = rnd.randint(0, 100)
        tenure = rnd.randint(0, 60)
        risk = {"basic": 0.55, "standard": 0.25, "premium": 0.05}[plan] + (0.3 if usage < 30 else 0) - tenure / 200
        rows.append(
            {
                "customer_id": f"C{10000 + i}",
                "plan": plan,
                "region": rnd.choice(["north", "south", "east", "west"]),
                "monthly_usage": usage,
                "tenure_months": tenure,
                "signup": f"20{15 + i % 8}-0{1 + i % 9}-1{i % 9}",
                "churned": "yes" if rnd.random() < risk else "no",
            }
        )
    return rows


def as_text_rows(rows):
    """Some clients send every value as a string."""
    return [{k: str(v) for k, v in r.items()} for r in rows]


# ---------------------------------------------------------------------------------------------
# The OpenAPI document


def load_yaml(text):
    try:
        import yaml  # type: ignore

        return yaml.safe_load(text)
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    node = shutil.which("node")
    if node and os.path.isdir(os.path.join(here, "..", "node_modules", "yaml")):
        out = subprocess.run(
            [node, "-e", "const y=require('yaml');let s='';process.stdin.on('data',d=>s+=d).on('end',()=>process.stdout.write(JSON.stringify(y.parse(s))))"],
            input=text,
            capture_output=True,
            text=True,
            cwd=os.path.join(here, ".."),
        )
        if out.returncode == 0:
            return json.loads(out.stdout)
    return None


def path_matcher(template):
    return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "/?$")


# ---------------------------------------------------------------------------------------------
# Sections


def poll(c, path, timeout=300):
    """Polls as clients do until SUCCEEDED or FAILED; answers (last body, statuses seen)."""
    seen = []
    deadline = time.time() + timeout
    while True:
        a = c.v1("GET", path)
        body = a.json or {}
        if not seen or seen[-1] != body.get("status"):
            seen.append(body.get("status"))
        if a.status != 200 or body.get("status") in ("SUCCEEDED", "FAILED") or time.time() > deadline:
            return a, seen
        time.sleep(0.5)


def sweep_docs(s, c, ctx):
    s.section = "docs"
    a = c.call("GET", "/api/v1/api.yaml", key="none")
    s.status(a, 200, "api.yaml without a key", "compatibility.md Documentation routes")
    s.check("yaml" in a.content_type, "api.yaml content type", "application/yaml", a.content_type)
    doc = load_yaml(a.text)
    ctx["doc"] = doc
    ctx["api_yaml"] = a.text if a.status == 200 else None
    if not s.check(isinstance(doc, dict), "api.yaml parses as YAML", "a mapping", a.text[:80]):
        return
    s.check(doc.get("openapi") == "3.1.0", "openapi version", "3.1.0", doc.get("openapi"), "service-interface.md Versioning")
    s.check((doc.get("info") or {}).get("version") == "0.1.0", "info.version", "0.1.0", (doc.get("info") or {}).get("version"), "service-interface.md Versioning")
    s.check("beta" in (doc.get("info") or {}).get("title", "").lower(), "title says beta", "public API in beta", (doc.get("info") or {}).get("title"))
    paths = doc.get("paths") or {}
    for path, method in [
        ("/api/v1/models/train/new", "post"),
        ("/api/v1/models/train/{task_id}/status", "get"),
        ("/api/v1/models/train/{task_id}/result", "get"),
        ("/api/v1/chat-explore/new", "post"),
        ("/api/v1/chat-explore/status/{task_id}", "get"),
        ("/api/v1/chat-explore/chats/{chat_id}", "get"),
        ("/api/v1/projects", "post"),
        ("/api/v1/projects/{project_id}", "get"),
        ("/api/v1/projects/{project_id}", "put"),
        ("/api/v1/projects/{project_id}", "delete"),
        ("/v1/datasets", "get"),
        ("/v1/datasets", "post"),
        ("/v1/datasets", "delete"),
        ("/v1/models", "get"),
        ("/v1/models", "post"),
        ("/v1/models", "delete"),
    ]:
        s.check(method in (paths.get(path) or {}), f"document lists {method.upper()} {path}", "listed", sorted((paths.get(path) or {}).keys()), "service-interface.md Endpoints")
    train = (((paths.get("/api/v1/models/train/new") or {}).get("post") or {}).get("requestBody") or {}).get("content", {}).get("application/json", {}).get("schema", {})
    train = resolve(doc, train)
    s.check(
        set(train.get("required") or []) >= {"dataset_id", "predict_fields", "duration"},
        "train/new schema requires dataset_id, predict_fields, duration",
        "required",
        train.get("required"),
        "service-interface.md Training",
    )
    durations = json.dumps(resolve(doc, (train.get("properties") or {}).get("duration") or {}))
    s.check(all(str(d) in durations for d in (10, 60, 300, 1800)), "train/new duration lists 10, 60, 300, 1800", "the four values", durations[:200])
    s.check(train.get("additionalProperties") is not False, "train/new allows additional properties", "allowed", train.get("additionalProperties"))
    chat = ((paths.get("/api/v1/chat-explore/chats/{chat_id}") or {}).get("get") or {}).get("parameters") or []
    s.check(any(p.get("name") == "image_format" for p in chat), "chats/{chat_id} documents image_format", "a query parameter", [p.get("name") for p in chat])

    d = c.call("GET", "/api/v1/docs", key="none")
    s.status(d, 200, "docs page without a key", "compatibility.md Documentation routes")
    s.check(d.content_type.startswith("text/html"), "docs content type", "text/html", d.content_type)
    for asset in re.findall(r'(?:src|href)="(/[^"]+)"', d.text):
        r = c.call("GET", asset, key="none")
        s.status(r, 200, f"docs asset {asset}")
    init = re.search(r'src="(/[^"]+init[^"]*)"', d.text)
    if init:
        js = c.call("GET", init.group(1), key="none").text
        s.check("api.yaml" in js, "docs page loads /api/v1/api.yaml", "api.yaml referenced", js[:200])


def resolve(doc, schema):
    while isinstance(schema, dict) and "$ref" in schema:
        ref = schema["$ref"].lstrip("#/").split("/")
        node = doc
        for part in ref:
            node = node.get(part, {})
        schema = node
    return schema or {}


def sweep_auth(s, c, ctx):
    s.section = "auth /api/v1"
    for name in ["X-API-Key", "x-api-key", "X-Api-Key", "X-API-KEY"]:
        a = c.call("GET", "/api/v1/projects", headers={name: c.key}, key="none")
        s.status(a, 200, f"header {name}", "compatibility.md Authentication")
    a = c.call("GET", "/api/v1/projects", headers={"X-API-Key": f"  {c.key}\t"}, key="none")
    s.status(a, 200, "key with surrounding whitespace", "compatibility.md Authentication (trim)")
    for what, hdrs in [("missing key", {}), ("wrong key", {"X-API-Key": "wrong-key-0000000000000000"}), ("empty key", {"X-API-Key": ""})]:
        for method, path, body in [
            ("GET", "/api/v1/projects/unknown", None),
            ("POST", "/api/v1/models/train/new", {"dataset_id": "x", "predict_fields": ["y"], "duration": 10}),
            ("GET", "/api/v1/models/train/unknown/status", None),
            ("GET", "/api/v1/models/train/unknown/result", None),
            ("POST", "/api/v1/chat-explore/new", {"dataset_id": "x", "messages": [{"role": "user", "content": "hi"}]}),
            ("GET", "/api/v1/chat-explore/status/unknown", None),
            ("GET", "/api/v1/chat-explore/chats/unknown", None),
            ("POST", "/api/v1/projects", {"name": "p"}),
        ]:
            a = c.call(method, path, json_body=body, headers=hdrs, key="none")
            s.v1_error(a, 401, f"{what} on {method} {path}")

    s.section = "auth legacy"
    key = c.key
    ok = [
        ("query on GET", lambda: c.call("GET", "/v1/datasets", query={"api_key": key}, key="none")),
        ("api_key header on GET", lambda: c.call("GET", "/v1/datasets", headers={"api_key": key}, key="none")),
        ("query on GET /v1/models", lambda: c.call("GET", "/v1/models", query={"api_key": key}, key="none")),
        ("api_key header on GET /v1/models", lambda: c.call("GET", "/v1/models", headers={"api_key": key}, key="none")),
    ]
    for what, run in ok:
        a = run()
        s.status(a, 200, what, "compatibility.md Authentication")
    for what, hdrs, query in [
        ("missing key", {}, None),
        ("wrong key in query", {}, {"api_key": "nope"}),
        ("wrong key in header", {"api_key": "nope"}, None),
        ("empty key", {}, {"api_key": ""}),
    ]:
        for method, path, body in [
            ("GET", "/v1/datasets", None),
            ("POST", "/v1/datasets", {"name": "x"}),
            ("DELETE", "/v1/datasets", {"id": "x"}),
            ("GET", "/v1/models", None),
            ("POST", "/v1/models", {"id": "x", "data": [{"a": 1}]}),
            ("DELETE", "/v1/models", {"id": "x"}),
        ]:
            a = c.call(method, path, query=query, json_body=body, headers=hdrs, key="none")
            s.legacy_key_error(a, f"{what} on {method} {path}")
    # a form body without a key, DELETE included
    a = c.call("DELETE", "/v1/datasets", form={"id": "x"}, key="none")
    s.legacy_key_error(a, "form DELETE without a key")


def sweep_datasets(s, c, ctx):
    s.section = "datasets"
    rows = churn_rows()
    made = []

    # create: name in the query (POST), in a JSON body, in a form body, urllib's default form type
    a = c.call("POST", "/v1/datasets", query={"api_key": c.key, "name": "sweep query"}, key="none")
    s.status(a, 200, "create with name in the query", "service-interface.md Datasets (create)")
    s.is_json(a, "create")
    body = a.json or {}
    s.check(
        body.get("status") == "success" and isinstance(body.get("dataset_id"), str) and body.get("dataset_name") == "sweep query" and set(body) == {"status", "dataset_id", "dataset_name"},
        "create answer {status, dataset_id, dataset_name}",
        "exact keys",
        body,
        "service-interface.md Datasets (create)",
    )
    ds = body.get("dataset_id")
    made.append(ds)
    for how in ["json", "form"]:
        a = c.legacy("POST", "/v1/datasets", {"name": f"sweep {how}"}, how=how)
        s.status(a, 200, f"create with a {how} body", "compatibility.md Authentication")
        made.append((a.json or {}).get("dataset_id"))
    a = c.call("POST", "/v1/datasets", raw=json.dumps({"api_key": c.key, "name": "sweep urllib"}), key="none")
    s.status(a, 200, "create with JSON sent under urllib's default form Content-Type")
    made.append((a.json or {}).get("dataset_id"))
    r = curl(["-X", "POST", f"{c.base}/v1/datasets", "-d", f"api_key={c.key}", "-d", "name=sweep curl form"])
    if r:
        s.check(r[0] == 200 and json.loads(r[1]).get("dataset_name") == "sweep curl form", "curl -d form create", 200, r)
        made.append(json.loads(r[1]).get("dataset_id") if r[0] == 200 else None)

    # append: JSON rows (key in body, as the Python and JavaScript clients), visible at once
    half = len(rows) // 2
    a = c.legacy("POST", "/v1/datasets", {"id": ds, "rows": rows[:half]}, how="json")
    s.status(a, 200, "append JSON rows", "service-interface.md Datasets (add rows)")
    s.check(a.json == {"status": "success"}, "append answer", {"status": "success"}, a.text[:200])
    info = c.legacy("GET", "/v1/datasets", {"id": ds}).json or {}
    s.check(info.get("rows") == half, "rows visible to the next request (no sleep)", half, info.get("rows"), "compatibility.md POST /v1/datasets")
    # rows as JSON text, in the query-string key variant
    a = c.call("POST", "/v1/datasets", query={"api_key": c.key}, json_body={"id": ds, "rows": json.dumps(rows[half:])}, key="none")
    s.status(a, 200, "append rows as a JSON string", "compatibility.md POST /v1/datasets")
    info_answer = c.legacy("GET", "/v1/datasets", {"id": ds})
    info = info_answer.json or {}
    s.is_json(info_answer, "inspect")
    s.check(info.get("status") == "success" and info.get("name") == "sweep query", "inspect: status and name", "success, sweep query", info)
    s.check(is_int(info.get("rows")) and info.get("rows") == len(rows), "inspect: rows is an integer count", len(rows), repr(info.get("rows")), "service-interface.md Dataset")
    fields = info.get("fields") or []
    s.check(
        isinstance(fields, list) and all(isinstance(f, dict) and isinstance(f.get("name"), str) and isinstance(f.get("type"), str) for f in fields),
        "inspect: fields [{name, type}]",
        "list of {name, type}",
        fields,
    )
    types = {f["name"]: f["type"] for f in fields if isinstance(f, dict)}
    known = {"category", "string", "integer", "float", "date", "id", "unknown"}
    s.check(set(types.values()) <= known, "field types are of the known set", sorted(known), types, "compatibility.md field types")
    s.check(types.get("monthly_usage") in ("integer", "float") and types.get("plan") == "category", "types inferred", "numeric usage, category plan", types)
    s.check(set(info) >= {"status", "name", "rows", "fields"}, "inspect keys", "status, name, rows, fields", sorted(info))
    listing = c.legacy("GET", "/v1/datasets").json or {}
    entries = listing.get("datasets") or []
    s.check(listing.get("status") == "success" and any(d.get("id") == ds for d in entries), "list holds the dataset", ds, listing.get("status"))
    s.check(all(isinstance(d.get("id"), str) and isinstance(d.get("name"), str) for d in entries), "list items {id, name}", "strings", entries[:2])
    s.check(all("fields" not in d for d in entries), "list items carry no fields", "only when a single dataset is fetched", entries[:1], "service-interface.md Dataset")

    # every value as text: numeric columns are still found
    a = c.legacy("POST", "/v1/datasets", {"name": "sweep text values"}, how="json")
    text_ds = (a.json or {}).get("dataset_id")
    made.append(text_ds)
    a = c.legacy("POST", "/v1/datasets", {"id": text_ds, "rows": as_text_rows(rows)}, how="json")
    s.status(a, 200, "append rows whose values are all strings")
    t = {f["name"]: f["type"] for f in (c.legacy("GET", "/v1/datasets", {"id": text_ds}).json or {}).get("fields", [])}
    s.check(t.get("monthly_usage") in ("integer", "float") and t.get("tenure_months") in ("integer", "float"), "numbers sent as text are numeric", "integer/float", t, "compatibility.md rows")
    # rows in a form body (JSON text), booleans and null values
    a = c.legacy("POST", "/v1/datasets", {"id": text_ds, "rows": json.dumps(as_text_rows(rows[:5]))}, how="form")
    s.status(a, 200, "append rows (JSON text) in a form body")
    r = curl(["-X", "POST", f"{c.base}/v1/datasets", "--data-urlencode", f"api_key={c.key}", "--data-urlencode", f"id={text_ds}", "--data-urlencode", "rows=" + json.dumps(as_text_rows(rows[:3]))])
    if r:
        s.check(r[0] == 200, "curl --data-urlencode append", 200, r)
    a = c.legacy("POST", "/v1/datasets", {"name": "sweep booleans"}, how="json")
    bool_ds = (a.json or {}).get("dataset_id")
    made.append(bool_ds)
    rnd = random.Random(3)
    toy = []
    for _ in range(400):
        x = rnd.random()
        toy.append({"x": x, "y": x > 0.5, "note": None if rnd.random() < 0.3 else "n"})
    a = c.legacy("POST", "/v1/datasets", {"id": bool_ds, "rows": toy}, how="json")
    s.status(a, 200, "append rows with booleans and nulls (the Python client's README example)", "compatibility.md rows")
    ctx["toy_dataset"] = bool_ds

    # field types: set (category, string, integer, float, date, id, unknown, valid: false), then re-parse
    a = c.legacy("POST", "/v1/datasets", {"id": text_ds, "fields": [{"name": "customer_id", "type": "id"}, {"name": "region", "type": "unknown"}]}, how="json")
    s.status(a, 200, "set field types id and unknown", "compatibility.md POST /v1/datasets")
    s.check(a.json == {"status": "success"}, "set types answer", {"status": "success"}, a.text[:200])
    t = {f["name"]: f["type"] for f in (c.legacy("GET", "/v1/datasets", {"id": text_ds}).json or {}).get("fields", [])}
    s.check(t.get("customer_id") == "id" and t.get("region") == "unknown", "set types are shown", "id, unknown", t)
    a = c.legacy("POST", "/v1/datasets", {"id": text_ds, "fields": json.dumps([{"name": "plan", "type": "string", "valid": False}])}, how="form")
    s.status(a, 200, "set field types as JSON text in a form body with valid: false")
    # every field type real clients set, each on a column it fits
    wanted = {"signup": "date", "tenure_months": "float", "monthly_usage": "integer", "plan": "string", "region": "category", "customer_id": "id", "churned": "category"}
    a = c.legacy("POST", "/v1/datasets", {"id": ds, "fields": [{"name": k, "type": v} for k, v in wanted.items()]}, how="json")
    s.status(a, 200, "set the types category, string, integer, float, date, id", "compatibility.md field types")
    t = {f["name"]: f["type"] for f in (c.legacy("GET", "/v1/datasets", {"id": ds}).json or {}).get("fields", [])}
    s.check(t == wanted, "types set are shown", wanted, t)
    c.legacy("POST", "/v1/datasets", {"id": ds, "parse_fields": True}, how="json")
    a = c.legacy("POST", "/v1/datasets", {"id": text_ds, "parse_fields": True}, how="json")
    s.status(a, 200, "parse_fields: true", "compatibility.md POST /v1/datasets")
    s.check(a.json == {"status": "success"}, "parse_fields answer", {"status": "success"}, a.text[:200])
    again = c.legacy("GET", "/v1/datasets", {"id": text_ds}).json or {}
    s.check(again.get("rows") == len(rows) + 8, "rows after form and curl appends", len(rows) + 8, again.get("rows"))
    listing = c.legacy("GET", "/v1/datasets").json or {}
    s.check(any(d.get("id") == text_ds for d in listing.get("datasets", [])), "a dataset keeps one id", text_ds, "absent")

    # multipart text fields (curl -F) are a form; a file part, which the specification does not
    # list, is a clear 4xx in the legacy envelope, never a 500
    r = curl(["-X", "POST", f"{c.base}/v1/datasets", "-F", f"api_key={c.key}", "-F", "name=sweep multipart"])
    if r:
        mp = json.loads(r[1]) if r[1].startswith("{") else None
        s.check(r[0] == 200 and (mp or {}).get("dataset_name") == "sweep multipart", "curl -F (multipart text fields) create", 200, r, "compatibility.md Authentication (form body)")
        made.append((mp or {}).get("dataset_id"))
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("a,b\n1,2\n")
        csv_path = f.name
    r = curl(["-X", "POST", f"{c.base}/v1/datasets", "-F", f"api_key={c.key}", "-F", f"id={ds}", "-F", f"file=@{csv_path}"])
    os.unlink(csv_path)
    if r:
        mp = json.loads(r[1]) if r[1].startswith("{") else None
        s.check(400 <= r[0] < 500 and (mp or {}).get("status") == "error" and (mp or {}).get("message"), "a multipart file part: a clear legacy 4xx", "4xx {status: error, message}", r)
    a = c.call("POST", "/v1/datasets", query={"api_key": c.key, "name": "csv"}, raw="a,b\n1,2\n", headers={"Content-Type": "text/csv"}, key="none")
    s.check(a.status == 200 or (400 <= a.status < 500 and (a.json or {}).get("status") == "error"), "text/csv body: success or a clear legacy 4xx", "200 or 4xx", a)
    if a.status == 200:
        made.append((a.json or {}).get("dataset_id"))

    # delete with the id and key in the query, a form body (DELETE included) and a JSON body
    for how in ("query", "form", "json"):
        victim = (c.legacy("POST", "/v1/datasets", {"name": f"sweep delete {how}"}, how="json").json or {}).get("dataset_id")
        a = c.legacy("DELETE", "/v1/datasets", {"id": victim}, how=how)
        s.status(a, 200, f"DELETE /v1/datasets ({how})", "service-interface.md Datasets (delete); compatibility.md Authentication")
        s.check(a.json == {"status": "success"}, f"DELETE ({how}) answer", {"status": "success"}, a.text[:200])
        s.legacy_error(c.legacy("GET", "/v1/datasets", {"id": victim}), 404, f"a dataset deleted ({how})")

    # errors: unknown id 404, missing parameters 400, schema mismatch 400
    s.legacy_error(c.legacy("GET", "/v1/datasets", {"id": "no-such-dataset"}), 404, "inspect an unknown id")
    s.legacy_error(c.legacy("POST", "/v1/datasets", {"id": "no-such-dataset", "rows": rows[:2]}, how="json"), 404, "append to an unknown id")
    s.legacy_error(c.legacy("POST", "/v1/datasets", {}, how="json"), 400, "POST without name or id")
    s.legacy_error(c.legacy("POST", "/v1/datasets", {"id": ds}, how="json"), 400, "POST id without rows/fields/parse_fields")
    s.legacy_error(c.legacy("POST", "/v1/datasets", {"id": ds, "rows": "not json"}, how="json"), 400, "rows not JSON")
    s.legacy_error(c.legacy("DELETE", "/v1/datasets", {}, how="json"), 400, "DELETE without id")

    ctx["dataset"] = ds
    ctx["text_dataset"] = text_ds
    ctx["cleanup_datasets"] = [d for d in made if d]


def check_result(s, result, dataset_fields, predicted, ignored, kind, what):
    ref = "service-interface.md Training result; compatibility.md Training result"
    s.check(isinstance(result, dict), f"{what}: an object", "object", result)
    if not isinstance(result, dict):
        return
    s.check(result.get("status") == "success", f"{what}: status", "success", result.get("status"), ref)
    s.check(isinstance(result.get("model_id"), str) and result["model_id"], f"{what}: model_id string", "string", result.get("model_id"), ref)
    stats = result.get("stats")
    s.check(isinstance(stats, list) and len(stats) == len(predicted) and all(isinstance(x, list) for x in stats), f"{what}: stats one inner array per predicted field", len(predicted), stats, ref)
    int_keys = ["field", "class", "count", "true positives", "false positives", "false negatives"]
    num_keys = ["precision", "recall", "f1", "frequency"]
    for inner in stats or []:
        if kind == "category":
            total = sum(x.get("count", 0) for x in inner)
            for st in inner:
                missing = [k for k in ["field", "field_name", "field_type", "class", "class_name", *int_keys, *num_keys] if k not in st]
                s.check(not missing, f"{what}: class-stat keys", "all spec keys", missing, ref)
                s.check(all(is_int(st.get(k)) for k in int_keys), f"{what}: integer keys are integers", int_keys, {k: st.get(k) for k in int_keys}, ref)
                s.check(all(is_num(st.get(k)) for k in num_keys), f"{what}: number keys are numbers", num_keys, {k: st.get(k) for k in num_keys}, ref)
                s.check(isinstance(st.get("field_name"), str) and isinstance(st.get("class_name"), str) and isinstance(st.get("field_type"), str), f"{what}: name keys are strings", "strings", st)
                if total:
                    s.check(abs(st.get("frequency", -1) - st.get("count", 0) / total) < 1e-6, f"{what}: frequency = count / holdout rows", st.get("count", 0) / total, st.get("frequency"), "compatibility.md Training result")
                if is_int(st.get("field")) and st["field"] < len(dataset_fields):
                    s.check(dataset_fields[st["field"]] == st.get("field_name"), f"{what}: field is the index of field_name in the schema", st.get("field_name"), dataset_fields[st["field"]])
            ctx_rows = result.get("_rows")
            if ctx_rows:
                s.check(abs(total - round(ctx_rows * 0.2)) <= 2, f"{what}: counts cover a 20% holdout", round(ctx_rows * 0.2), total, "compatibility.md Training result")
        else:
            st = inner[0] if inner else {}
            s.check(len(inner) == 1, f"{what}: regression has one stats object", 1, len(inner))
            s.check(all(k in st for k in ["field", "field_name", "field_type", "count", "mae", "rmse", "r2"]), f"{what}: regression keys", "field, field_name, field_type, count, mae, rmse, r2", sorted(st), "compatibility.md Training result")
            s.check(is_int(st.get("count")) and all(is_num(st.get(k)) for k in ["mae", "rmse", "r2"]), f"{what}: regression value types", "int count, numbers", st)
    imp = result.get("field_importance")
    s.check(isinstance(imp, dict) and set(imp) == set(dataset_fields), f"{what}: field_importance one entry per dataset field", sorted(dataset_fields), sorted(imp or {}), ref)
    if isinstance(imp, dict):
        s.check(all(is_num(v) and v >= 0 for v in imp.values()), f"{what}: importances non-negative numbers", ">= 0", imp)
        s.check(all(imp.get(f) == 0 for f in [*predicted, *ignored]), f"{what}: predicted and ignored fields at 0", 0, {f: imp.get(f) for f in [*predicted, *ignored]}, "compatibility.md Training result")
        s.check(abs(sum(imp.values()) - 1) < 1e-6, f"{what}: importances sum to 1", 1, sum(imp.values()))
    story = result.get("data_story")
    s.check(isinstance(story, list) and len(story) == len(predicted), f"{what}: data_story one per predicted field", len(predicted), story if not isinstance(story, list) else len(story), ref)
    for index, entry in enumerate(story or []):
        s.check(isinstance(entry.get("name"), str) and isinstance(entry.get("type"), str) and isinstance(entry.get("outcomes"), list), f"{what}: data story {{name, type, outcomes}}", "types", {k: entry.get(k) for k in ("name", "type")})
        if kind == "category":
            classes = len((stats or [])[index]) if index < len(stats or []) else 0
            s.check(len(entry.get("outcomes", [])) == classes, f"{what}: one outcome per class", classes, len(entry.get("outcomes", [])), "compatibility.md Training result")
        else:
            s.check(len(entry.get("outcomes", [])) == 1, f"{what}: regression has one outcome", 1, len(entry.get("outcomes", [])))
        for o in entry.get("outcomes", []):
            s.check(isinstance(o.get("outcome"), str), f"{what}: outcome is a string", "string", repr(o.get("outcome")))
            s.check(all(is_num(o.get(k)) for k in ("top_case", "avg_case", "bottom_case")), f"{what}: top/avg/bottom_case numbers", "numbers", {k: o.get(k) for k in ("top_case", "avg_case", "bottom_case")})
            causes = o.get("causes")
            s.check(isinstance(causes, list) and len(causes) <= 4, f"{what}: up to 4 causes", "<= 4", causes)
            for cause in causes or []:
                s.check(
                    all(isinstance(cause.get(k), str) for k in ("field", "top_value", "bottom_value")),
                    f"{what}: cause {{field, top_value, bottom_value}} as strings",
                    "strings",
                    cause,
                    "compatibility.md Training result",
                )


def check_predictions(s, answer, schema_fields, target, classes, sent, what, factors=False):
    ref = "compatibility.md Predictions; service-interface.md Models (predict)"
    s.status(answer, 200, what, ref)
    preds = (answer.json or {}).get("predictions")
    s.check(isinstance(preds, list) and len(preds) == len(sent), f"{what}: one prediction per row", len(sent), preds if not isinstance(preds, list) else len(preds), ref)
    for row, p in zip(sent, preds or []):
        echoed = [f for f in schema_fields if f != target]
        s.check(all(f in p for f in echoed), f"{what}: every schema field echoed", echoed, sorted(p), ref)
        s.check(all(p.get(f) == ("" if f not in row else p.get(f)) for f in echoed), f"{what}: unsent fields are \"\"", '""', {f: p.get(f) for f in echoed if f not in row})
        sent_ok = all(str(p.get(f)) == str(v) for f, v in row.items() if f in echoed)
        s.check(sent_ok, f"{what}: sent values echoed", row, {f: p.get(f) for f in row})
        if classes is None:
            s.check(is_num(p.get(target)), f"{what}: regression prediction is a number", "number", repr(p.get(target)), ref)
            s.check(not any(k.startswith("Probability ") for k in p), f"{what}: regression has no probability keys", "none", [k for k in p if k.startswith("Probability")])
        else:
            s.check(isinstance(p.get(target), str) and p.get(target) in classes, f"{what}: predicted class as a string of the classes", classes, repr(p.get(target)), ref)
            probs = {k: v for k, v in p.items() if k.startswith(f"Probability {target} is ")}
            s.check(set(probs) == {f"Probability {target} is {c}" for c in classes}, f"{what}: one probability key per class", [f"Probability {target} is {c}" for c in classes], sorted(probs), ref)
            s.check(all(is_num(v) for v in probs.values()) and abs(sum(probs.values()) - 1) < 1e-6, f"{what}: probabilities are numbers summing to 1", 1, probs)
        keys = [k for k in p if k.startswith("akkio_prediction_factor_")]
        if factors:
            s.check(bool(keys), f"{what}: factors present", "akkio_prediction_factor_<field>", sorted(p))
            vals = [p[k] for k in keys]
            s.check(all(is_num(v) and v >= 0 for v in vals) and abs(sum(vals) - 1) < 0.02, f"{what}: factors non-negative, summing to about 1", 1, dict((k, p[k]) for k in keys))
        else:
            s.check(not keys, f"{what}: no factors unless asked", "none", keys)
    return preds or []


def sweep_legacy_models(s, c, ctx):
    s.section = "legacy models"
    ds = ctx["dataset"]
    info = c.legacy("GET", "/v1/datasets", {"id": ds}).json or {}
    fields = [f["name"] for f in info.get("fields", [])]
    # the Python/JavaScript clients' create_model: JSON body with every parameter, duration 10
    a = c.legacy("POST", "/v1/models", {"dataset_id": ds, "predict_fields": ["churned"], "ignore_fields": ["customer_id"], "extra_attention": False, "duration": 10, "force": True}, how="json")
    s.status(a, 200, "synchronous training, duration 10", "compatibility.md Legacy models")
    s.is_json(a, "synchronous training")
    result = a.json or {}
    result["_rows"] = info.get("rows")
    check_result(s, result, fields, ["churned"], ["customer_id"], "category", "legacy training result")
    model = result.get("model_id")
    ctx["legacy_model"] = model
    # duration 1 ("super fast"), sent as text in a form body, and omitted (defaults to 10)
    a = c.legacy("POST", "/v1/models", {"dataset_id": ds, "predict_fields": "churned", "duration": "1", "force": "true"}, how="form")
    s.status(a, 200, "synchronous training, duration 1 in a form body", "compatibility.md Legacy models (duration 1)")
    quick = (a.json or {}).get("model_id")
    a = c.legacy("POST", "/v1/models", {"dataset_id": ds, "predict_fields": ["churned"], "ignore_fields": ["customer_id"]}, how="json")
    s.status(a, 200, "synchronous training without duration", "compatibility.md Legacy models (default 10)")
    s.check((a.json or {}).get("model_id") == model, "without duration it is the same request as duration 10 (reused)", model, (a.json or {}).get("model_id"), "compatibility.md force: false")
    for d in (2, 45, 1800):
        a = c.legacy("POST", "/v1/models", {"dataset_id": "no-such-dataset", "predict_fields": ["churned"], "duration": d}, how="json")
        s.legacy_error(a, 404, f"any positive whole budget accepted ({d} s) up to the unknown dataset")
    a = c.legacy("POST", "/v1/models", {"dataset_id": "no-such-dataset", "predict_fields": ["churned"], "duration": 3600}, how="json")
    s.check(a.status == 404, "a budget above 1800 s is accepted (any positive integer)", "404 for the unknown dataset, as for 1800", a, "compatibility.md Legacy models (any positive integer budget)")
    for bad in (0, -5, 2.5, "ten"):
        s.legacy_error(c.legacy("POST", "/v1/models", {"dataset_id": ds, "predict_fields": ["churned"], "duration": bad}, how="json"), 400, f"duration {bad!r}")
    s.legacy_error(c.legacy("POST", "/v1/models", {"dataset_id": ds, "predict_fields": ["nope"]}, how="json"), 400, "an unknown predict field")
    s.legacy_error(c.legacy("POST", "/v1/models", {"dataset_id": ds}, how="json"), 400, "dataset_id without predict_fields")

    # listing
    a = c.legacy("GET", "/v1/models")
    s.status(a, 200, "GET /v1/models")
    models = (a.json or {}).get("models") or []
    entry = next((m for m in models if m.get("id") == model), None)
    s.check(entry is not None, "the trained model is listed", model, [m.get("id") for m in models][:5], "service-interface.md Models (legacy)")
    if entry:
        s.check(isinstance(entry.get("name"), str) and isinstance(entry.get("created_at"), str), "listing {id, name, created_at}", "strings", entry, "compatibility.md Legacy models")
        s.check(entry.get("predict_fields") == ["churned"] and entry.get("ignored_fields") == ["customer_id"], "listing predict_fields and ignored_fields", (["churned"], ["customer_id"]), entry)

    # predictions: id + data (JSON), model_id alias, data as JSON text, data in the query, a form body
    classes = sorted({r["churned"] for r in churn_rows()})
    sent = [{"plan": "basic", "monthly_usage": 5, "tenure_months": 2}, {"plan": "premium", "monthly_usage": "90"}]
    check_predictions(s, c.legacy("POST", "/v1/models", {"id": model, "data": sent}, how="json"), fields, "churned", classes, sent, "predict (JSON body)")
    check_predictions(s, c.legacy("POST", "/v1/models", {"model_id": model, "data": json.dumps(sent)}, how="json"), fields, "churned", classes, sent, "predict (model_id, data as JSON text)")
    check_predictions(s, c.legacy("POST", "/v1/models", {"id": model, "data": json.dumps(sent)}), fields, "churned", classes, sent, "predict (data in the query)")
    check_predictions(s, c.legacy("POST", "/v1/models", {"id": model, "data": json.dumps(sent), "explain": "True"}, how="form"), fields, "churned", classes, sent, "predict (form, explain True)", factors=True)
    check_predictions(s, c.legacy("POST", "/v1/models", {"id": model, "data": sent, "show_factors": True}, how="json"), fields, "churned", classes, sent, "predict (show_factors)", factors=True)
    check_predictions(s, c.legacy("POST", "/v1/models", {"id": model, "data": sent, "explain": True}, how="json"), fields, "churned", classes, sent, "predict (explain alias)", factors=True)
    batch = [{"plan": p, "monthly_usage": u, "tenure_months": t} for p in ("basic", "premium") for u in (5, 60) for t in (1, 40)] * 25
    check_predictions(s, c.legacy("POST", "/v1/models", {"id": model, "data": batch}, how="json"), fields, "churned", classes, batch, "batch of 200 rows")
    low = c.legacy("POST", "/v1/models", {"id": model, "data": sent, "threshold": 0.01}, how="json")
    high = c.legacy("POST", "/v1/models", {"id": model, "data": sent, "threshold": 0.99}, how="json")
    s.status(low, 200, "predict with a threshold (extension)")
    lp, hp = (low.json or {}).get("predictions") or [{}], (high.json or {}).get("predictions") or [{}]
    s.check(len({p.get("churned") for p in lp}) == 1 and lp[0].get("Probability churned is yes") == hp[0].get("Probability churned is yes"), "threshold moves classes, never probabilities", "same probabilities", (lp, hp))
    s.legacy_error(c.legacy("POST", "/v1/models", {"id": model}, how="json"), 400, "predict without data")
    s.legacy_error(c.legacy("POST", "/v1/models", {"id": "no-such-model", "data": sent}, how="json"), 404, "predict with an unknown model")
    s.legacy_error(c.legacy("POST", "/v1/models", {}, how="json"), 400, "POST /v1/models with neither id nor dataset_id")

    # the Python client's README: boolean target, duration 1, explain=True on a subset of fields
    toy = ctx.get("toy_dataset")
    if toy:
        a = c.legacy("POST", "/v1/models", {"dataset_id": toy, "predict_fields": ["y"], "ignore_fields": [], "extra_attention": False, "duration": 1}, how="json")
        s.status(a, 200, "README example: boolean target, duration 1")
        toy_fields = [f["name"] for f in (c.legacy("GET", "/v1/datasets", {"id": toy}).json or {}).get("fields", [])]
        check_result(s, a.json, toy_fields, ["y"], [], "category", "README example result")
        tm = (a.json or {}).get("model_id")
        toy_classes = sorted(st.get("class_name") for st in ((a.json or {}).get("stats") or [[]])[0])
        preds = check_predictions(s, c.legacy("POST", "/v1/models", {"id": tm, "data": [{"x": 0.1}, {"x": 0.7}], "explain": True}, how="json"), toy_fields, "y", toy_classes, [{"x": 0.1}, {"x": 0.7}], "README example predictions", factors=True)
        if len(preds) == 2:
            s.check(preds[0].get("y") != preds[1].get("y"), "README example: x=0.1 and x=0.7 get different classes", "different", (preds[0].get("y"), preds[1].get("y")))
        ctx.setdefault("cleanup_models", []).append(tm)

    # shapes real tables have: a 0/1 target (classes "0" and "1"), two predicted fields, names with
    # spaces and punctuation, the whole training row sent back for prediction
    rows01 = [dict(r, churned=1 if r["churned"] == "yes" else 0) for r in churn_rows()]
    d01 = (c.legacy("POST", "/v1/datasets", {"name": "sweep 0/1"}, how="json").json or {}).get("dataset_id")
    ctx.setdefault("cleanup_datasets", []).append(d01)
    c.legacy("POST", "/v1/datasets", {"id": d01, "rows": rows01}, how="json")
    a = c.legacy("POST", "/v1/models", {"dataset_id": d01, "predict_fields": ["churned"], "duration": 1}, how="json")
    s.status(a, 200, "0/1 target training")
    names01 = sorted(st.get("class_name") for st in ((a.json or {}).get("stats") or [[]])[0])
    s.check(names01 == ["0", "1"], "a 0/1 target is two classes named \"0\" and \"1\"", ["0", "1"], names01)
    m01 = (a.json or {}).get("model_id")
    ctx.setdefault("cleanup_models", []).append(m01)
    check_predictions(s, c.legacy("POST", "/v1/models", {"id": m01, "data": [rows01[0]]}, how="json"), fields, "churned", ["0", "1"], [rows01[0]], "predict a whole training row (target included)")
    a = c.legacy("POST", "/v1/models", {"dataset_id": ds, "predict_fields": ["churned", "plan"], "ignore_fields": ["customer_id"], "duration": 1}, how="json")
    s.status(a, 200, "two predicted fields")
    check_result(s, a.json, fields, ["churned", "plan"], ["customer_id"], "category", "two-field result")
    ctx.setdefault("cleanup_models", []).append((a.json or {}).get("model_id"))
    spaced = [{"Monthly Usage ($)": r["monthly_usage"], "Will churn?": r["churned"], "plan": r["plan"]} for r in churn_rows()]
    dsp = (c.legacy("POST", "/v1/datasets", {"name": "sweep spaced names"}, how="json").json or {}).get("dataset_id")
    ctx.setdefault("cleanup_datasets", []).append(dsp)
    c.legacy("POST", "/v1/datasets", {"id": dsp, "rows": spaced}, how="json")
    a = c.legacy("POST", "/v1/models", {"dataset_id": dsp, "predict_fields": ["Will churn?"], "duration": 1}, how="json")
    s.status(a, 200, "a target named with spaces and punctuation")
    msp = (a.json or {}).get("model_id")
    ctx.setdefault("cleanup_models", []).append(msp)
    check_predictions(s, c.legacy("POST", "/v1/models", {"id": msp, "data": [{"plan": "basic"}], "explain": True}, how="json"), ["Monthly Usage ($)", "Will churn?", "plan"], "Will churn?", classes, [{"plan": "basic"}], "predictions keyed by spaced names", factors=True)

    # extra_attention re-weights rare classes so that their recall rises: here "rare" is never the
    # more probable class (30% where x > 0.7, 2% elsewhere), so without it the rare class is hardly found
    rnd = random.Random(11)
    rare = []
    for i in range(2000):
        x, z = rnd.random(), rnd.random()
        rare.append({"x": round(x, 4), "z": round(z, 4), "kind": "rare" if rnd.random() < (0.3 if x > 0.7 else 0.02) else "common"})
    drare = (c.legacy("POST", "/v1/datasets", {"name": "sweep rare"}, how="json").json or {}).get("dataset_id")
    ctx.setdefault("cleanup_datasets", []).append(drare)
    c.legacy("POST", "/v1/datasets", {"id": drare, "rows": rare}, how="json")
    recall = {}
    for attention in (False, True):
        a = c.legacy("POST", "/v1/models", {"dataset_id": drare, "predict_fields": ["kind"], "duration": 10, "extra_attention": attention, "force": True}, how="json")
        s.status(a, 200, f"training with extra_attention {attention}")
        ctx.setdefault("cleanup_models", []).append((a.json or {}).get("model_id"))
        recall[attention] = next((st.get("recall") for st in ((a.json or {}).get("stats") or [[]])[0] if st.get("class_name") == "rare"), None)
    s.check(is_num(recall[True]) and is_num(recall[False]) and recall[True] > recall[False], "extra_attention: the rare class's recall rises", "recall(true) > recall(false)", recall, "compatibility.md Training result (extra_attention)")

    # regression target: the number, no probabilities
    a = c.legacy("POST", "/v1/models", {"dataset_id": ds, "predict_fields": ["monthly_usage"], "ignore_fields": ["customer_id"], "duration": 1}, how="json")
    s.status(a, 200, "regression training")
    check_result(s, a.json, fields, ["monthly_usage"], ["customer_id"], "number", "regression result")
    rm = (a.json or {}).get("model_id")
    check_predictions(s, c.legacy("POST", "/v1/models", {"id": rm, "data": [{"plan": "basic"}]}, how="json"), fields, "monthly_usage", None, [{"plan": "basic"}], "regression predictions")

    # delete: query, JSON body (the JavaScript client), form body
    for mid, how in [(quick, "query"), (rm, "json")]:
        a = c.legacy("DELETE", "/v1/models", {"id": mid}, how=how)
        s.status(a, 200, f"DELETE /v1/models ({how})", "service-interface.md Models (delete)")
        s.check(a.json == {"status": "success"}, "delete answer", {"status": "success"}, a.text[:200])
        s.legacy_error(c.legacy("POST", "/v1/models", {"id": mid, "data": sent}, how="json"), 404, "predict with a deleted model")


def sweep_training(s, c, ctx, run_long):
    s.section = "training /api/v1"
    ds = ctx["dataset"]
    fields = [f["name"] for f in (c.legacy("GET", "/v1/datasets", {"id": ds}).json or {}).get("fields", [])]
    rows = (c.legacy("GET", "/v1/datasets", {"id": ds}).json or {}).get("rows")
    body = {"dataset_id": ds, "predict_fields": ["churned"], "duration": 10, "ignore_fields": ["region"], "force": True, "extra_attention": False, "client_tag": "extra properties are allowed"}
    a = c.v1("POST", "/models/train/new", json_body=body)
    s.status(a, 201, "submit (with an extra property)", "service-interface.md Training")
    s.is_json(a, "submit")
    task = (a.json or {}).get("task_id")
    s.check(isinstance(task, str) and task, "submit answers {task_id: string}", "string", a.json)
    first = c.v1("GET", f"/models/train/{task}/status").json or {}
    s.check(first.get("status") in ("PENDING", "IN_PROGRESS", "SUCCEEDED"), "first status is PENDING (not SUBMITTED)", "PENDING/IN_PROGRESS", first.get("status"), "compatibility.md Tasks")
    s.check((first.get("metadata") or {}).get("type") == first.get("status"), "metadata.type equals status", first.get("status"), first.get("metadata"), "service-interface.md States")
    if first.get("status") == "IN_PROGRESS":
        est = (first.get("metadata") or {}).get("estimate_seconds", None)
        s.check(est is None or is_num(est), "estimate_seconds is a number or null", "number/null", repr(est))
    done, seen = poll(c, f"/api/v1/models/train/{task}/status".replace("/api/v1", ""))
    s.check(all(x in ("PENDING", "IN_PROGRESS", "SUCCEEDED") for x in seen), "statuses seen while polling", "PENDING -> IN_PROGRESS -> SUCCEEDED", seen)
    status = done.json or {}
    s.check(status.get("status") == "SUCCEEDED", "training succeeded", "SUCCEEDED", status)
    loc = (status.get("metadata") or {}).get("location")
    s.check(loc == f"/api/v1/models/train/{task}/result", "location shape", f"/api/v1/models/train/{task}/result", loc, "service-interface.md Training status")
    s.check(set(status.get("metadata") or {}) == {"type", "location"}, "SUCCEEDED metadata {type, location}", "type, location", status.get("metadata"))
    res = c.call("GET", loc or "/api/v1/none")  # base address + location, as clients build it
    s.status(res, 200, "result at base + location")
    s.is_json(res, "result")
    result = res.json or {}
    result["_rows"] = rows
    check_result(s, result, fields, ["churned"], ["region"], "category", "result")
    model = result.get("model_id")
    ctx["v1_model"] = model
    ctx["v1_task"] = task

    # force false (default) reuses the model at once; force true trains anew
    reuse = dict(body)
    del reuse["force"]
    a = c.v1("POST", "/models/train/new", json_body=reuse)
    s.status(a, 201, "identical request with force false")
    t2 = (a.json or {}).get("task_id")
    st = c.v1("GET", f"/models/train/{t2}/status").json or {}
    s.check(st.get("status") == "SUCCEEDED", "identical request succeeds at once", "SUCCEEDED", st, "compatibility.md force")
    s.check((c.v1("GET", f"/models/train/{t2}/result").json or {}).get("model_id") == model, "reused model id", model, "other")
    a = c.v1("POST", "/models/train/new", json_body=dict(reuse, force=True))
    done, _ = poll(c, f"/models/train/{(a.json or {}).get('task_id')}/status")
    fresh = (c.v1("GET", f"/models/train/{(a.json or {}).get('task_id')}/result").json or {}).get("model_id")
    s.check(isinstance(fresh, str) and fresh != model, "force true trains a new model", "a new model_id", fresh, "compatibility.md force")
    ctx.setdefault("cleanup_models", []).append(fresh)
    # the model id works with the legacy model endpoints
    p = c.legacy("POST", "/v1/models", {"id": model, "data": [{"plan": "basic"}]}, how="json")
    s.status(p, 200, "the result's model_id predicts through /v1/models", "service-interface.md (model_id is the legacy id)")

    # predictions through /api/v1 (extension): the legacy rows, explain as show_factors' alias
    classes = sorted({r["churned"] for r in churn_rows()})
    sent = [{"plan": "basic", "monthly_usage": 5}, {"plan": "premium", "tenure_months": 40}]
    check_predictions(s, c.v1("POST", f"/models/{model}/predict", json_body={"data": sent}), fields, "churned", classes, sent, "/api/v1 predict")
    check_predictions(s, c.v1("POST", f"/models/{model}/predict", json_body={"data": sent, "show_factors": True}), fields, "churned", classes, sent, "/api/v1 predict show_factors", factors=True)
    check_predictions(s, c.v1("POST", f"/models/{model}/predict", json_body={"data": sent, "explain": True}), fields, "churned", classes, sent, "/api/v1 predict explain alias", factors=True)
    s.v1_error(c.v1("POST", f"/models/{model}/predict", json_body={"data": sent, "threshold": 1.5}), 422, "/api/v1 predict threshold out of range")
    s.v1_error(c.v1("POST", "/models/no-such-model/predict", json_body={"data": sent}), 404, "/api/v1 predict unknown model")

    # every budget: 10 ran above; 60, 300, 1800 accepted (and cancelled unless --run-long); others 422
    for d in (60, 300, 1800):
        a = c.v1("POST", "/models/train/new", json_body={"dataset_id": ds, "predict_fields": ["plan"], "duration": d, "force": True, "extra_attention": True})
        s.status(a, 201, f"duration {d} accepted", "service-interface.md Training (duration)")
        tid = (a.json or {}).get("task_id")
        if d in run_long:
            done, _ = poll(c, f"/models/train/{tid}/status", timeout=d + 600)
            s.check((done.json or {}).get("status") == "SUCCEEDED", f"duration {d} succeeded", "SUCCEEDED", done.json)
        else:
            cancel = c.v1("POST", f"/models/train/{tid}/cancel")
            s.status(cancel, 200, f"duration {d} cancelled (extension)")
            st = c.v1("GET", f"/models/train/{tid}/status").json or {}
            s.check(st.get("status") == "FAILED" and isinstance((st.get("metadata") or {}).get("error"), str), "a cancelled task is FAILED with metadata.error", "FAILED", st, "compatibility.md Tasks")
            r = c.v1("GET", f"/models/train/{tid}/result")
            s.check(r.status in (404, 409, 422) and isinstance((r.json or {}).get("detail"), (str, list)), "result of a task that did not succeed: a clear 4xx with detail", "4xx", r)
    # loose values, read as the hosted service's Pydantic (lax mode) reads them
    loose = {"dataset_id": ds, "predict_fields": ["plan"], "duration": "10", "force": "true", "extra_attention": "no"}
    a = c.v1("POST", "/models/train/new", json_body=loose)
    s.status(a, 201, 'duration "10", force "true", extra_attention "no" (Pydantic lax values)', "service-interface.md Training (FastAPI validation)")
    if a.status == 201:
        c.v1("POST", f"/models/train/{(a.json or {}).get('task_id')}/cancel")
    for bad in (1, 30, 0, "30", "1e1", 10.5, None):
        payload = {"dataset_id": ds, "predict_fields": ["churned"], "duration": bad}
        if bad is None:
            del payload["duration"]
        s.v1_error(c.v1("POST", "/models/train/new", json_body=payload), 422, f"duration {bad!r}", "service-interface.md Limits (duration)")
    s.v1_error(c.v1("POST", "/models/train/new", json_body={"predict_fields": ["churned"], "duration": 10}), 422, "missing dataset_id")
    s.v1_error(c.v1("POST", "/models/train/new", json_body={"dataset_id": ds, "duration": 10}), 422, "missing predict_fields")
    s.v1_error(c.v1("POST", "/models/train/new", json_body={"dataset_id": ds, "predict_fields": "churned", "duration": 10}), 422, "predict_fields as a string")
    s.v1_error(c.v1("POST", "/models/train/new", json_body={"dataset_id": ds, "predict_fields": ["Churned"], "duration": 10}), 422, "predict_fields are case sensitive")
    s.v1_error(c.v1("POST", "/models/train/new", json_body={"dataset_id": ds, "predict_fields": ["churned"], "duration": 10, "force": "maybe"}), 422, "force not a boolean")
    s.v1_error(c.v1("POST", "/models/train/new", raw='{"dataset_id": ', headers={"Content-Type": "application/json"}), 422, "malformed JSON (json_invalid)")
    s.v1_error(c.v1("POST", "/models/train/new", raw="", headers={"Content-Type": "application/json"}), 422, "empty body")
    s.v1_error(c.v1("POST", "/models/train/new", json_body={"dataset_id": "no-such-dataset", "predict_fields": ["y"], "duration": 10}), 404, "unknown dataset")
    s.v1_error(c.v1("GET", "/models/train/no-such-task/status"), 404, "status of an unknown task")
    s.v1_error(c.v1("GET", "/models/train/no-such-task/result"), 404, "result of an unknown task")

    # a failed task is not an HTTP error: 200 FAILED with metadata.error saying what to fix
    a = c.legacy("POST", "/v1/datasets", {"name": "sweep one class"}, how="json")
    one = (a.json or {}).get("dataset_id")
    ctx.setdefault("cleanup_datasets", []).append(one)
    c.legacy("POST", "/v1/datasets", {"id": one, "rows": [{"x": i, "y": "same"} for i in range(50)]}, how="json")
    a = c.v1("POST", "/models/train/new", json_body={"dataset_id": one, "predict_fields": ["y"], "duration": 10})
    if a.status == 201:
        done, _ = poll(c, f"/models/train/{(a.json or {}).get('task_id')}/status")
        st = done.json or {}
        s.status(done, 200, "status of a failed training")
        s.check(st.get("status") == "FAILED" and (st.get("metadata") or {}).get("type") == "FAILED" and isinstance((st.get("metadata") or {}).get("error"), str), "FAILED with metadata.error", "FAILED", st, "compatibility.md Tasks")
    else:
        s.v1_error(a, 422, "a one-class target refused at submission")

    # regression through /api/v1
    a = c.v1("POST", "/models/train/new", json_body={"dataset_id": ds, "predict_fields": ["tenure_months"], "duration": 10, "ignore_fields": ["customer_id"]})
    done, _ = poll(c, f"/models/train/{(a.json or {}).get('task_id')}/status")
    loc = ((done.json or {}).get("metadata") or {}).get("location")
    if s.check(bool(loc), "regression training succeeded", "SUCCEEDED", done.json):
        check_result(s, c.call("GET", loc).json, fields, ["tenure_months"], ["customer_id"], "number", "regression result (api/v1)")


def sweep_chat(s, c, ctx):
    s.section = "projects"
    ds = ctx["chat_dataset"]
    a = c.v1("POST", "/projects", json_body={"name": "Sweep project", "_owner": "someone", "_org": "acme", "datasetId": ds})
    s.status(a, 201, "create a project (name, _owner, _org, datasetId)", "compatibility.md Projects")
    proj = a.json or {}
    pid = proj.get("id")
    for k in ("id", "name", "chatInstructions", "chatContext", "chatSuggestions"):
        s.check(isinstance(proj.get(k), str), f"project {k} is a string", "string", repr(proj.get(k)), "service-interface.md Project")
    s.check(proj.get("chatInstructions") == "" and proj.get("chatContext") == "" and proj.get("chatSuggestions") == "", "chat fields default to empty strings", '""', proj)
    s.check(proj.get("datasetId") == ds, "datasetId shown", ds, proj.get("datasetId"), "compatibility.md Projects")
    g = c.v1("GET", f"/projects/{pid}")
    s.status(g, 200, "GET a project")
    s.check(g.json == proj, "GET answers the same representation", proj, g.json)
    u = c.v1("PUT", f"/projects/{pid}", json_body={"id": "ignored", "chatInstructions": "Answer briefly.", "chatSuggestions": "Total sales by region\nSales over time"})
    s.status(u, 201, "PUT a subset", "service-interface.md Projects (update 201)")
    after = u.json or {}
    s.check(after.get("id") == pid and after.get("name") == "Sweep project" and after.get("chatInstructions") == "Answer briefly." and after.get("chatContext") == "", "PUT changes only the fields given, ignores id", "subset", after, "compatibility.md Projects")
    u = c.v1("PUT", f"/projects/{pid}", json_body={"datasetId": ds, "name": "Sweep project"})
    s.status(u, 201, "PUT datasetId")
    s.v1_error(c.v1("PUT", f"/projects/{pid}", json_body={"name": 5}), 422, "PUT a name that is not a string")
    s.v1_error(c.v1("GET", "/projects/no-such-project"), 404, "GET an unknown project")
    s.v1_error(c.v1("PUT", "/projects/no-such-project", json_body={"name": "x"}), 404, "PUT an unknown project")
    s.v1_error(c.v1("DELETE", "/projects/no-such-project"), 404, "DELETE an unknown project")
    s.v1_error(c.v1("POST", "/projects", json_body={}), 422, "create without name")
    tmp = (c.v1("POST", "/projects", json_body={"name": "temp"}).json or {}).get("id")
    d = c.v1("DELETE", f"/projects/{tmp}")
    s.status(d, 200, "DELETE a project", "service-interface.md Projects (delete 200)")
    s.check(d.json == {}, "DELETE answers {}", {}, d.text, "compatibility.md Projects")
    s.v1_error(c.v1("GET", f"/projects/{tmp}"), 404, "a deleted project")

    s.section = "chat"
    question = {"role": "user", "content": "What are the total sales by region?", "images": [], "table": None}
    a = c.v1("POST", "/chat-explore/new", json_body={"project_id": pid, "messages": [question]})
    s.check(a.status in (200, 201), "submit a question (project_id)", "200/201", a, "service-interface.md Chat exploration")
    task = (a.json or {}).get("task_id")
    s.check(isinstance(task, str) and task, "answer {task_id}", "string", a.json)
    first = c.v1("GET", f"/chat-explore/status/{task}").json or {}
    s.check(first.get("status") in ("PENDING", "IN_PROGRESS", "SUCCEEDED"), "first chat status", "PENDING", first)
    done, seen = poll(c, f"/chat-explore/status/{task}")
    st = done.json or {}
    loc = (st.get("metadata") or {}).get("location") or ""
    s.check(st.get("status") == "SUCCEEDED", "chat task succeeded", "SUCCEEDED", st)
    s.check(re.fullmatch(r"/api/v1/chat-explore/chats/[^/]+", loc) is not None, "location shape", "/api/v1/chat-explore/chats/<chat_id>", loc, "service-interface.md Chat status")
    chat_id = loc.split("/chats/")[-1]
    chat_answer = c.call("GET", loc)
    s.status(chat_answer, 200, "GET the chat at base + location")
    chat = chat_answer.json or {}
    for k in ("owner", "org", "_owner", "_org"):
        s.check(isinstance(chat.get(k), str), f"chat {k} is a string", "string", repr(chat.get(k)), "compatibility.md Chat exploration")
    msgs = chat.get("messages") or []
    s.check(isinstance(msgs, list) and 1 <= len(msgs) <= 2, "only the new assistant messages (1 or 2)", "1..2", len(msgs), "compatibility.md Chat exploration")
    for m in msgs:
        s.check(m.get("role") == "assistant" and isinstance(m.get("content"), str), "message {role: assistant, content}", "assistant", {k: m.get(k) for k in ("role",)})
        s.check(m.get("images") is None or (isinstance(m.get("images"), list) and all(isinstance(i, str) for i in m["images"])), "images null or strings", "null/strings", type(m.get("images")))
        s.check(m.get("table") is None or (isinstance(m.get("table"), list) and all(isinstance(r, dict) for r in m["table"])), "table null or rows", "null/rows", type(m.get("table")))
    if len(msgs) == 2:
        s.check("region" in msgs[0].get("content", "").lower(), "messages[0] states the interpretation", "names region", msgs[0].get("content", "")[:200], "compatibility.md Chat exploration")
        images = msgs[1].get("images") or []
        table = msgs[1].get("table") or []
        s.check(bool(images) or bool(table), "messages[1] carries a chart or a table", "images/table", msgs[1])
        if images:
            png = base64.b64decode(images[0])
            s.check(png[:8] == b"\x89PNG\r\n\x1a\n", "images are Base64 PNG by default", "PNG", png[:8], "compatibility.md Chat exploration")
        if table:
            truth = {}
            for r in ctx["sales_rows"]:
                truth[r["region"]] = truth.get(r["region"], 0) + r["sales"]
            got = {}
            for row in table:
                region = next((v for v in row.values() if isinstance(v, str)), None)
                total = next((v for v in row.values() if is_num(v)), None)
                got[region] = total
            s.check(all(abs((got.get(k) or 0) - v) < 1e-6 for k, v in truth.items()), "table numbers are numbers and right", truth, got)
        pj = c.v1("GET", f"/chat-explore/chats/{chat_id}", query={"image_format": "plotly_json"})
        s.status(pj, 200, "image_format=plotly_json")
        imgs = (((pj.json or {}).get("messages") or [{}, {}])[-1] or {}).get("images") or []
        if images:
            try:
                fig = json.loads(imgs[0])
            except (ValueError, IndexError, TypeError):
                fig = None
            s.check(isinstance(fig, dict) and isinstance(fig.get("data"), list) and isinstance(fig.get("layout"), dict), "plotly_json images are JSON text of {data, layout}", "{data, layout}", str(imgs[:1])[:200], "compatibility.md Chat exploration")
    s.v1_error(c.v1("GET", f"/chat-explore/chats/{chat_id}", query={"image_format": "gif"}), 422, "an unknown image_format")

    # project instructions apply only when the request names project_id
    c.v1("PUT", f"/projects/{pid}", json_body={"chatInstructions": "Please respond in Spanish"})
    texts = {}
    for key, target in (("project_id", pid), ("dataset_id", ds)):
        a = c.v1("POST", "/chat-explore/new", json_body={key: target, "messages": [{"role": "user", "content": "What are the total sales by region?"}]})
        done, _ = poll(c, f"/chat-explore/status/{(a.json or {}).get('task_id')}")
        loc = ((done.json or {}).get("metadata") or {}).get("location")
        texts[key] = (((c.call("GET", loc).json or {}).get("messages") or [{}])[0].get("content", "")) if loc else ""
    s.check(texts["project_id"] != texts["dataset_id"], "chatInstructions shape the answer with project_id, not with dataset_id", "different texts", texts, "service-interface.md Chat exploration (project_id)")
    c.v1("PUT", f"/projects/{pid}", json_body={"chatInstructions": ""})

    # a follow-up: the client appends the answer and the next question
    follow = [question, *[{"role": m.get("role"), "content": m.get("content"), "images": m.get("images"), "table": m.get("table")} for m in msgs], {"role": "user", "content": "only for Furniture"}]
    a = c.v1("POST", "/chat-explore/new", json_body={"dataset_id": ds, "messages": follow})
    s.check(a.status in (200, 201), "a follow-up carrying the previous answer's messages (images, table) as sent back", "200/201", a, "service-interface.md statelessness")
    if a.status in (200, 201):
        done, _ = poll(c, f"/chat-explore/status/{(a.json or {}).get('task_id')}")
        s.check((done.json or {}).get("status") == "SUCCEEDED", "follow-up succeeded", "SUCCEEDED", done.json)
        loc = ((done.json or {}).get("metadata") or {}).get("location")
        if loc:
            fm = (c.call("GET", loc).json or {}).get("messages") or []
            s.check(bool(fm) and "furniture" in fm[0].get("content", "").lower(), "follow-up interpretation keeps the filter", "Furniture", fm[:1])
    # a greeting: a plain text answer, possibly one message
    a = c.v1("POST", "/chat-explore/new", json_body={"dataset_id": ds, "messages": [{"role": "user", "content": "hello"}]})
    done, _ = poll(c, f"/chat-explore/status/{(a.json or {}).get('task_id')}")
    loc = ((done.json or {}).get("metadata") or {}).get("location")
    if s.check(bool(loc), "a greeting is answered", "SUCCEEDED", done.json):
        gm = (c.call("GET", loc).json or {}).get("messages") or []
        s.check(1 <= len(gm) <= 2 and all(isinstance(m.get("content"), str) for m in gm), "a greeting answer has text", "1..2 messages", gm)

    # bad requests
    s.v1_error(c.v1("POST", "/chat-explore/new", json_body={"messages": [{"role": "user", "content": "hi"}]}), 422, "neither project_id nor dataset_id")
    s.v1_error(c.v1("POST", "/chat-explore/new", json_body={"dataset_id": ds}), 422, "no messages")
    s.v1_error(c.v1("POST", "/chat-explore/new", json_body={"dataset_id": ds, "messages": [{"role": "user"}]}), 422, "a message without content")
    s.v1_error(c.v1("POST", "/chat-explore/new", json_body={"dataset_id": ds, "messages": [{"role": "user", "content": "x" * 17000}, {"role": "user", "content": "y" * 17000}]}), 422, "over 32 KB of message text")
    s.v1_error(c.v1("POST", "/chat-explore/new", json_body={"project_id": "no-such-project", "messages": [{"role": "user", "content": "hi"}]}), 404, "an unknown project")
    s.v1_error(c.v1("POST", "/chat-explore/new", json_body={"dataset_id": "no-such-dataset", "messages": [{"role": "user", "content": "hi"}]}), 404, "an unknown dataset")
    s.v1_error(c.v1("GET", "/chat-explore/status/no-such-task"), 404, "status of an unknown chat task")
    s.v1_error(c.v1("GET", "/chat-explore/chats/no-such-chat"), 404, "an unknown chat")
    # a training task id is not a chat task id
    if ctx.get("v1_task"):
        s.v1_error(c.v1("GET", f"/chat-explore/status/{ctx['v1_task']}"), 404, "a training task id on the chat status route")
    ctx["project"] = pid
    ctx["chat_id"] = chat_id
    ctx["chat_task"] = task


def sweep_edges(s, c, ctx):
    s.section = "edges"
    ds = ctx["dataset"]
    # trailing slashes: answered as without (no 308)
    for method, path, kw in [
        ("GET", "/v1/datasets/", {"query": {"api_key": c.key}, "key": "none"}),
        ("GET", "/v1/models/", {"query": {"api_key": c.key}, "key": "none"}),
        ("GET", "/api/v1/projects/", {}),
        ("POST", "/api/v1/models/train/new/", {"json_body": {"dataset_id": "no-such", "predict_fields": ["y"], "duration": 10}}),
        ("GET", "/api/v1/api.yaml/", {"key": "none"}),
        ("GET", "/api/v1/docs/", {"key": "none"}),
    ]:
        a = c.call(method, path, **kw)
        s.check(a.status not in (301, 302, 307, 308) and a.status < 500, f"trailing slash {method} {path}", "answered, not redirected", a.status)
    if ctx.get("v1_task"):
        a = c.v1("GET", f"/models/train/{ctx['v1_task']}/status/")
        s.status(a, 200, "trailing slash on a task status")

    # HEAD and OPTIONS: never a 500
    for path, kw in [("/v1/datasets", {"query": {"api_key": c.key}, "key": "none"}), ("/api/v1/projects", {}), ("/api/v1/api.yaml", {"key": "none"})]:
        h = c.call("HEAD", path, **kw)
        s.check(h.status in (200, 204, 405), f"HEAD {path}", "200 (or 405)", h.status)
        o = c.call("OPTIONS", path, **kw)
        s.check(o.status in (200, 204, 405), f"OPTIONS {path}", "204/200 (or 405)", o.status)

    # gzip for clients that accept it (requests sends Accept-Encoding: gzip, deflate)
    a = c.call("GET", "/api/v1/api.yaml", headers={"Accept-Encoding": "gzip, deflate"}, key="none")
    if a.headers.get("content-encoding") == "gzip":
        s.check(gzip.decompress(a.raw).startswith(b"openapi") or b"openapi" in gzip.decompress(a.raw)[:200], "gzip body decodes", "YAML", a.raw[:20])

    # numbers vs strings everywhere a client compares them
    info = c.legacy("GET", "/v1/datasets", {"id": ds}).json or {}
    s.check(is_int(info.get("rows")), "rows is a JSON number", "integer", repr(info.get("rows")))

    # NUL characters, nested JSON, non-object bodies: clear 4xx
    s.legacy_error(c.legacy("POST", "/v1/datasets", {"name": "a\u0000b"}, how="json"), 422, "a NUL character in a name")
    s.v1_error(c.v1("POST", "/projects", raw="[1, 2]", headers={"Content-Type": "application/json"}), 422, "a JSON array as the body")
    s.legacy_error(c.call("POST", "/v1/datasets", query={"api_key": c.key}, raw="[1, 2]", headers={"Content-Type": "application/json"}, key="none"), 400, "a JSON array as a legacy body")
    # documented limits (README Limits): each answered with a clear 4xx naming it
    long_name = "f" * 257
    dl = (c.legacy("POST", "/v1/datasets", {"name": "sweep limits"}, how="json").json or {}).get("dataset_id")
    ctx.setdefault("cleanup_datasets", []).append(dl)
    s.legacy_error(c.legacy("POST", "/v1/datasets", {"id": dl, "rows": [{long_name: 1}]}, how="json"), 422, "a field name over 256 characters")
    s.status(c.legacy("POST", "/v1/datasets", {"id": dl, "rows": [{"f" * 256: 1}]}, how="json"), 200, "a field name of 256 characters")
    many = [{"role": "user", "content": "hi"}] * 201
    s.v1_error(c.v1("POST", "/chat-explore/new", json_body={"dataset_id": dl, "messages": many}), 422, "201 chat messages")
    s.v1_error(c.v1("POST", "/chat-explore/new", json_body={"dataset_id": dl, "messages": [{"role": "user", "content": "x" * 20001}]}), 422, "a chat message over 20,000 characters")
    for _ in range(3):  # the server closes the connection after its 431; now and then the client sees the reset first
        a = c.call("GET", "/v1/datasets", query={"api_key": c.key, "pad": "x" * 300_000}, key="none")
        if a.status:
            break
    s.check(a.status == 431, "a request line over 256 KB", 431, a.status, "README Limits")
    s.check(big_body_status(c.base, f"/v1/datasets?api_key={urllib.parse.quote(c.key)}") == 413, "a body over MAX_BODY_MB (declared 300 MB)", 413, big_body_status(c.base, "/api/v1/projects", c.key), "README Limits")

    # unknown routes are JSON in their family's envelope
    a = c.call("GET", "/v1/nothing", query={"api_key": c.key}, key="none")
    s.legacy_error(a, 404, "unknown legacy route")
    s.v1_error(c.v1("GET", "/nothing/here"), 404, "unknown /api/v1 route")

    # requests per second: the hosted service allows about 5 per key; this one must not throttle a burst
    statuses = []
    lock = threading.Lock()

    def hit():
        r = c.legacy("GET", "/v1/datasets", {"id": ds})
        with lock:
            statuses.append(r.status)

    start = time.time()
    threads = [threading.Thread(target=hit) for _ in range(60)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    s.check(all(x == 200 for x in statuses), f"60 concurrent reads in {time.time() - start:.1f} s are not throttled", "all 200", sorted(set(statuses)), "compatibility.md Limits")

    # appends in parallel (clients batch with threads): every row lands, none is lost
    pd = (c.legacy("POST", "/v1/datasets", {"name": "sweep parallel"}, how="json").json or {}).get("dataset_id")
    ctx.setdefault("cleanup_datasets", []).append(pd)
    c.legacy("POST", "/v1/datasets", {"id": pd, "rows": [{"a": 0, "b": "x"}]}, how="json")
    codes = []

    def append(i):
        r = c.legacy("POST", "/v1/datasets", {"id": pd, "rows": [{"a": i * 1000 + j, "b": "y"} for j in range(500)]}, how="json")
        with lock:
            codes.append(r.status)

    threads = [threading.Thread(target=append, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    n = (c.legacy("GET", "/v1/datasets", {"id": pd}).json or {}).get("rows")
    s.check(all(x == 200 for x in codes) and n == 1 + 8 * 500, "8 parallel appends of 500 rows", (200, 4001), (sorted(set(codes)), n), "compatibility.md (appends visible)")

    if ctx.get("other_key"):
        # a valid key of another team: every id of this team answers 404 (its existence is not revealed)
        other = Client(c.base, ctx["other_key"], c.record)
        ref = "compatibility.md Authentication (another team's resource: 404)"
        if ctx.get("v1_task"):
            s.v1_error(other.v1("GET", f"/models/train/{ctx['v1_task']}/status"), 404, "another team's training status", ref)
            s.v1_error(other.v1("GET", f"/models/train/{ctx['v1_task']}/result"), 404, "another team's training result", ref)
            s.v1_error(other.v1("POST", f"/models/train/{ctx['v1_task']}/cancel"), 404, "another team's training cancel", ref)
        if ctx.get("v1_model"):
            s.v1_error(other.v1("GET", f"/models/{ctx['v1_model']}"), 404, "another team's model", ref)
            s.v1_error(other.v1("POST", f"/models/{ctx['v1_model']}/predict", json_body={"data": [{"plan": "basic"}]}), 404, "another team's model predict", ref)
            s.legacy_error(other.legacy("POST", "/v1/models", {"id": ctx["v1_model"], "data": [{"plan": "basic"}]}, how="json"), 404, "another team's model (legacy predict)", ref)
            s.legacy_error(other.legacy("DELETE", "/v1/models", {"id": ctx["v1_model"]}, how="json"), 404, "another team's model (legacy delete)", ref)
            listed = [m.get("id") for m in (other.legacy("GET", "/v1/models").json or {}).get("models", [])]
            s.check(ctx["v1_model"] not in listed, "another team's model is not listed", "absent", listed[:3], ref)
        s.legacy_error(other.legacy("GET", "/v1/datasets", {"id": ds}), 404, "another team's dataset", ref)
        s.legacy_error(other.legacy("POST", "/v1/datasets", {"id": ds, "rows": [{"plan": "basic"}]}, how="json"), 404, "append to another team's dataset", ref)
        s.legacy_error(other.legacy("DELETE", "/v1/datasets", {"id": ds}, how="form"), 404, "delete another team's dataset", ref)
        s.legacy_error(other.legacy("POST", "/v1/models", {"dataset_id": ds, "predict_fields": ["churned"], "duration": 1}, how="json"), 404, "train on another team's dataset (legacy)", ref)
        s.v1_error(other.v1("POST", "/models/train/new", json_body={"dataset_id": ds, "predict_fields": ["churned"], "duration": 10}), 404, "train on another team's dataset", ref)
        s.v1_error(other.v1("POST", "/chat-explore/new", json_body={"dataset_id": ds, "messages": [{"role": "user", "content": "hi"}]}), 404, "chat over another team's dataset", ref)
        s.v1_error(other.v1("GET", f"/datasets/{ds}/rows"), 404, "another team's dataset rows", ref)
        if ctx.get("project"):
            s.v1_error(other.v1("GET", f"/projects/{ctx['project']}"), 404, "another team's project", ref)
            s.v1_error(other.v1("PUT", f"/projects/{ctx['project']}", json_body={"name": "taken"}), 404, "update another team's project", ref)
            s.v1_error(other.v1("DELETE", f"/projects/{ctx['project']}"), 404, "delete another team's project", ref)
            s.v1_error(other.v1("POST", "/chat-explore/new", json_body={"project_id": ctx["project"], "messages": [{"role": "user", "content": "hi"}]}), 404, "chat over another team's project", ref)
            p = other.v1("POST", "/projects", json_body={"name": "other's", "datasetId": ds})
            s.check(p.status in (404, 422), "a project of another team cannot point at this team's dataset", "404/422", p, ref)
            if p.status == 201:
                other.v1("DELETE", f"/projects/{(p.json or {}).get('id')}")
        if ctx.get("chat_id"):
            s.v1_error(other.v1("GET", f"/chat-explore/chats/{ctx['chat_id']}"), 404, "another team's chat", ref)
        if ctx.get("chat_task"):
            s.v1_error(other.v1("GET", f"/chat-explore/status/{ctx['chat_task']}"), 404, "another team's chat status", ref)
        still = c.legacy("GET", "/v1/datasets", {"id": ds})
        s.status(still, 200, "the dataset is untouched by the other team")


def big_body_status(base, path, v1_key=None):
    """Declares a 300 MB body, sends 1 KB of it and reads the status (the server answers before reading on)."""
    return big_body_answer(base, path, v1_key)[0]


# ---------------------------------------------------------------------------------------------
# Client behaviour beyond the documented calls: how real HTTP clients differ from each other


def raw_http(base, method, path, headers=None, body=None, chunked=False, requests=1):
    """http.client, for what urllib cannot send: chunked bodies, several requests on one connection.
    Answers a list of (status, headers, body bytes)."""
    import http.client

    url = urllib.parse.urlparse(base)
    conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=120)
    out = []
    try:
        for _ in range(requests):
            if chunked:
                conn.request(method, path, body=iter([body[i : i + 1000] for i in range(0, len(body), 1000)]), headers=headers or {}, encode_chunked=True)
            else:
                conn.request(method, path, body=body, headers=headers or {})
            res = conn.getresponse()
            out.append((res.status, {k.lower(): v for k, v in res.getheaders()}, res.read()))
    except (OSError, http.client.HTTPException) as err:
        out.append((0, {}, str(err).encode()))
    finally:
        conn.close()
    return out


def big_body_answer(base, path, v1_key=None, method="POST"):
    """Declares a 300 MB body, sends 1 KB of it, and reads the whole answer: (status, JSON body or None)."""
    import socket

    url = urllib.parse.urlparse(base)
    sock = socket.create_connection((url.hostname, url.port or 80), timeout=60)
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: {url.netloc}\r\nContent-Type: application/json\r\nContent-Length: {300 * 1024 * 1024}\r\nConnection: close\r\n"
        if v1_key:
            head += f"X-API-Key: {v1_key}\r\n"
        sock.sendall((head + "\r\n").encode() + b'{"rows": [' + b'{"a": 1},' * 100)
        reply = b""
        while True:  # Connection: close, so the answer ends when the server closes
            chunk = sock.recv(65536)
            if not chunk:
                break
            reply += chunk
        head_text, _, body = reply.partition(b"\r\n\r\n")
        status = int(head_text.split(b" ")[1]) if head_text.startswith(b"HTTP/") else 0
        if re.search(rb"(?i)transfer-encoding: *chunked", head_text):
            plain = b""
            while body:
                size_text, _, rest = body.partition(b"\r\n")
                size = int(size_text.split(b";")[0] or b"0", 16)
                if size == 0:
                    break
                plain, body = plain + rest[:size], rest[size + 2 :]
            body = plain
        try:
            return status, json.loads(body.decode() or "null")
        except ValueError:
            return status, None
    except OSError:
        return 0, None
    finally:
        sock.close()


def sweep_client_behaviour(s, c, ctx):
    """What compat-sweep's other sections do not call: content types, HEAD, unknown query parameters,
    trailing slashes on ids, paging, idempotency, races, connection handling, Unicode."""
    s.section = "client behaviour"
    ref_ct = "service-interface.md Endpoints (JSON bodies); compatibility.md (existing scripts unchanged)"

    # Content-Type spellings real clients send with a JSON body (fetch sends text/plain for a string
    # body, requests' data= sends none, urllib's default is form-encoded)
    pid = None
    for label, ctype in [
        ("application/json; charset=utf-8", "application/json; charset=utf-8"),
        ("application/json;charset=UTF-8", "application/json;charset=UTF-8"),
        ("upper-case APPLICATION/JSON", "APPLICATION/JSON"),
        ("text/plain;charset=UTF-8 (fetch with a string body)", "text/plain;charset=UTF-8"),
        ("no Content-Type (requests' data=)", None),
        ("urllib's default form type", "application/x-www-form-urlencoded"),
        ("application/vnd.api+json", "application/vnd.api+json"),
    ]:
        hdrs = {"Content-Type": ctype} if ctype else {}
        raw = json.dumps({"name": f"sweep ct {label[:20]}"}).encode()
        if ctype is None:
            a = raw_http(c.base, "POST", "/api/v1/projects", headers={"X-API-Key": c.key}, body=raw)[0]
            answer = Answer("POST", "/api/v1/projects", a[0], a[1], a[2])
            c.record(answer)
        else:
            answer = c.v1("POST", "/projects", raw=raw, headers=hdrs)
        s.status(answer, 201, f"create a project with Content-Type {label}", ref_ct)
        made = (answer.json or {}).get("id")
        if made:
            if pid is None:
                pid = made
            else:
                c.v1("DELETE", f"/projects/{made}")
    s.v1_error(c.v1("POST", "/projects", raw="<project><name>x</name></project>", headers={"Content-Type": "application/xml"}), 415, "an XML body: 415")
    r = curl(["-X", "POST", f"{c.base}/api/v1/projects", "-H", f"X-API-Key: {c.key}", "-F", "name=multipart"])
    if r:
        body = json.loads(r[1]) if r[1].startswith("{") else None
        s.check(r[0] == 415 and isinstance((body or {}).get("detail"), str), "a multipart body on /api/v1: 415 {detail}", 415, r)

    # Unicode round trip: names, field names and values beyond ASCII
    name = "Ventes 2024 · Café ünïcode 数据 😀"
    if pid:
        a = c.v1("PUT", f"/projects/{pid}", json_body={"name": name, "chatInstructions": "Réponds en français."})
        s.status(a, 201, "PUT a non-ASCII name")
        got = c.v1("GET", f"/projects/{pid}").json or {}
        s.check(got.get("name") == name and got.get("chatInstructions") == "Réponds en français.", "non-ASCII text round trip", name, got.get("name"))
        # idempotent PUT: the same body twice gives the same project
        first = c.v1("PUT", f"/projects/{pid}", json_body={"chatContext": "units: EUR"})
        second = c.v1("PUT", f"/projects/{pid}", json_body={"chatContext": "units: EUR"})
        strip = lambda b: {k: v for k, v in (b or {}).items() if k not in ("updated_at", "updatedAt")}
        s.check(first.status == second.status == 201 and strip(first.json) == strip(second.json), "PUT twice with one body: same answer", "equal", (first.status, second.status))
        s.check((c.v1("PUT", f"/projects/{pid}", json_body={"id": "other-id"}).json or {}).get("id") == pid, "PUT ignores id", pid, "changed", "service-interface.md Projects")
        a = c.v1("PUT", f"/projects/{pid}", json_body={"name": 5})
        s.v1_error(a, 422, "PUT name as a number")
        # HEAD answers like GET without a body
        g = c.v1("GET", f"/projects/{pid}")
        h = c.v1("HEAD", f"/projects/{pid}")
        s.check(h.status == 200 and h.raw == b"" and h.content_type.split(";")[0] == g.content_type.split(";")[0], "HEAD on a project: GET's status and type, no body", (200, g.content_type), (h.status, h.content_type, h.raw[:40]))
        s.check(c.v1("HEAD", "/projects/no-such-project").status == 404, "HEAD on an unknown project: 404", 404, "other")
        # unknown query parameters (cache busters, client tags) are ignored
        s.status(c.v1("GET", f"/projects/{pid}", query={"_": "1700000000000", "client": "sweep"}), 200, "unknown query parameters on a project")
        # trailing slash after an id, for every method
        s.status(c.v1("GET", f"/projects/{pid}/"), 200, "GET a project with a trailing slash")
        s.status(c.v1("PUT", f"/projects/{pid}/", json_body={"chatSuggestions": "a\nb"}), 201, "PUT a project with a trailing slash")
        # listing: new projects appear, the order is stable
        l1 = [p.get("id") for p in (c.v1("GET", "/projects").json or {}).get("projects", [])]
        l2 = [p.get("id") for p in (c.v1("GET", "/projects").json or {}).get("projects", [])]
        s.check(pid in l1 and l1 == l2, "project listing holds the new project, in a stable order", "stable", (len(l1), len(l2)))
        # DELETE answers {} once, then 404
        d1 = c.v1("DELETE", f"/projects/{pid}/")
        s.check(d1.status == 200 and d1.json == {}, "DELETE a project (trailing slash): 200 {}", "200 {}", d1, "compatibility.md Projects")
        s.v1_error(c.v1("DELETE", f"/projects/{pid}"), 404, "DELETE the same project again")
        s.v1_error(c.v1("GET", f"/projects/{pid}"), 404, "GET a deleted project")

    # Accept headers do not change the format of answers
    for accept in ("text/html", "application/xml", "*/*", "application/json, text/plain, */*"):
        a = c.v1("GET", "/projects", headers={"Accept": accept})
        s.check(a.status == 200 and a.content_type.startswith("application/json"), f"Accept: {accept} still answers JSON", "200 JSON", (a.status, a.content_type))

    # legacy: content types and multipart fields in any order, Unicode fields and values
    a = c.call("POST", "/v1/datasets", raw=json.dumps({"api_key": c.key, "name": "sweep charset"}), headers={"Content-Type": "application/json; charset=utf-8"}, key="none")
    s.status(a, 200, "legacy create with application/json; charset=utf-8", ref_ct)
    uds = (a.json or {}).get("dataset_id")
    ctx.setdefault("cleanup_datasets", []).append(uds)
    a = c.call("POST", "/v1/datasets", raw=urllib.parse.urlencode({"name": "sweep form charset", "api_key": c.key}), headers={"Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"}, key="none")
    s.status(a, 200, "legacy create with a form body and charset (jQuery's default type)", ref_ct)
    ctx.setdefault("cleanup_datasets", []).append((a.json or {}).get("dataset_id"))
    urows = [{"região": "São Paulo", "größe": 1.5, "名前": "東京", "ok": "sí"}, {"região": "Zürich", "größe": 2, "名前": "大阪", "ok": "no"}]
    r = curl(["-X", "POST", f"{c.base}/v1/datasets", "-F", f"rows={json.dumps(urows)}", "-F", f"id={uds}", "-F", f"api_key={c.key}"])
    if r:
        s.check(r[0] == 200, "multipart fields in another order (rows, id, api_key last)", 200, r)
    info = c.legacy("GET", "/v1/datasets", {"id": uds}).json or {}
    s.check(sorted(f.get("name") for f in info.get("fields", [])) == sorted(urows[0]) and info.get("rows") == 2, "non-ASCII field names kept as sent", sorted(urows[0]), info.get("fields"))
    page = c.v1("GET", f"/datasets/{uds}/rows").json or {}
    s.check([row.get("名前") for row in page.get("rows", [])] == ["東京", "大阪"], "non-ASCII values kept as sent", ["東京", "大阪"], page)

    # a chunked body (no Content-Length: streaming clients) and a body after Expect: 100-continue
    chunk_rows = [{"região": f"r{i}", "größe": i, "名前": "x", "ok": "sí"} for i in range(200)]
    got = raw_http(c.base, "POST", f"/v1/datasets?api_key={urllib.parse.quote(c.key)}", headers={"Content-Type": "application/json"}, body=json.dumps({"id": uds, "rows": chunk_rows}).encode(), chunked=True)[0]
    c.record(Answer("POST", "/v1/datasets", got[0], got[1], got[2]))
    s.check(got[0] == 200, "rows in a chunked body", 200, got[:1] + (got[2][:200],))
    r = curl(["-X", "POST", f"{c.base}/v1/datasets?api_key={urllib.parse.quote(c.key)}", "-H", "Content-Type: application/json", "-H", "Expect: 100-continue", "--data-binary", json.dumps({"id": uds, "rows": chunk_rows})])
    if r:
        s.check(r[0] == 200, "rows after Expect: 100-continue", 200, r)
    n = (c.legacy("GET", "/v1/datasets", {"id": uds}).json or {}).get("rows")
    s.check(n == 2 + (400 if r else 200), "chunked and 100-continue rows all landed", 2 + (400 if r else 200), n)

    # a gzip-encoded body: read, or refused with a clear 4xx (never parsed as garbage)
    gz = gzip.compress(json.dumps({"id": uds, "rows": chunk_rows[:10]}).encode())
    a = c.call("POST", "/v1/datasets", query={"api_key": c.key}, raw=gz, headers={"Content-Type": "application/json", "Content-Encoding": "gzip"}, key="none")
    after = (c.legacy("GET", "/v1/datasets", {"id": uds}).json or {}).get("rows")
    s.check((a.status == 200 and after == n + 10) or (a.status == 415 and "encoding" in a.text.lower()), "a gzip request body: read (200) or 415 naming the encoding", "200 with the rows, or 415", (a.status, a.text[:160], after))

    # paging the rows: pages join up, limits are checked
    p1 = (c.v1("GET", f"/datasets/{uds}/rows", query={"offset": 0, "limit": 3}).json or {}).get("rows")
    p2 = (c.v1("GET", f"/datasets/{uds}/rows", query={"offset": 3, "limit": 3}).json or {}).get("rows")
    p12 = (c.v1("GET", f"/datasets/{uds}/rows", query={"offset": 0, "limit": 6}).json or {}).get("rows")
    s.check(isinstance(p1, list) and len(p1) == 3 and p1 + (p2 or []) == p12, "rows pages join up in order", "pages 0-2 + 3-5 = 0-5", (p1, p2))
    beyond = c.v1("GET", f"/datasets/{uds}/rows", query={"offset": 10**6, "limit": 5})
    s.check(beyond.status == 200 and (beyond.json or {}).get("rows") == [], "a page past the end is empty", [], beyond)
    s.v1_error(c.v1("GET", f"/datasets/{uds}/rows", query={"limit": 1001}), 422, "limit above 1000")
    s.v1_error(c.v1("GET", f"/datasets/{uds}/rows", query={"offset": -1}), 422, "a negative offset")
    s.v1_error(c.v1("GET", f"/datasets/{uds}/rows", query={"limit": "ten"}), 422, "limit as a word")

    # dataset listing: stable order, the new dataset in it, an unknown query parameter ignored
    l1 = [d.get("id") for d in (c.legacy("GET", "/v1/datasets", {"_": "1"}).json or {}).get("datasets", [])]
    l2 = [d.get("id") for d in (c.legacy("GET", "/v1/datasets").json or {}).get("datasets", [])]
    s.check(uds in l1 and l1 == l2, "dataset listing holds the new dataset, in a stable order", "stable", (len(l1), len(l2)))
    a = c.call("GET", "/v1/datasets", headers={"X-API-Key": c.key}, key="none")
    s.status(a, 200, "legacy listing with the key in X-API-Key (as /api/v1 clients send it)")
    # a blank id is not taken for an absent one (a listing where one dataset was meant): a 400 naming id
    s.legacy_error(c.legacy("GET", "/v1/datasets", {"id": ""}), 400, "GET /v1/datasets?id= (a blank id)")

    # idempotency: a second delete is a clear 404, not a success and not a 500
    tmp = (c.legacy("POST", "/v1/datasets", {"name": "sweep delete twice"}, how="json").json or {}).get("dataset_id")
    s.status(c.legacy("DELETE", "/v1/datasets", {"id": tmp}), 200, "delete a dataset")
    s.legacy_error(c.legacy("DELETE", "/v1/datasets", {"id": tmp}), 404, "delete the same dataset again")
    s.legacy_error(c.legacy("GET", "/v1/datasets", {"id": tmp}), 404, "inspect a deleted dataset")
    s.legacy_error(c.legacy("POST", "/v1/datasets", {"id": tmp, "rows": [{"a": 1}]}, how="json"), 404, "append to a deleted dataset")

    # several requests on one keep-alive connection, an error among them
    key_q = urllib.parse.quote(c.key)
    conn_answers = raw_http(c.base, "GET", f"/v1/models?api_key={key_q}", requests=3)
    s.check([x[0] for x in conn_answers] == [200, 200, 200], "three requests on one keep-alive connection", [200, 200, 200], [x[0] for x in conn_answers])
    conn_answers = raw_http(c.base, "GET", "/api/v1/models/train/no-such-task/status", headers={"X-API-Key": c.key}, requests=2)
    s.check([x[0] for x in conn_answers] == [404, 404], "errors keep the connection usable", [404, 404], [x[0] for x in conn_answers])

    # every /api/v1 path answers 401 without a key and 404 for unknown ids, with {detail}
    for method, path in [
        ("GET", "/models/train/no-such-task/status"),
        ("GET", "/models/train/no-such-task/result"),
        ("GET", "/chat-explore/status/no-such-task"),
        ("GET", "/chat-explore/chats/no-such-chat"),
        ("GET", "/projects/no-such-project"),
        ("PUT", "/projects/no-such-project"),
        ("DELETE", "/projects/no-such-project"),
    ]:
        kw = {"json_body": {"name": "x"}} if method == "PUT" else {}
        s.v1_error(c.v1(method, path, key="none", **kw), 401, f"{method} {path} without a key")
        s.v1_error(c.v1(method, path, headers={"X-API-Key": "wrong-key-" + "x" * 30}, key="none", **kw), 401, f"{method} {path} with a wrong key")
        s.v1_error(c.v1(method, path, **kw), 404, f"{method} {path} unknown id")
    # the rest of each documented answer: a NUL in an id (422), a body type no endpoint reads (415),
    # a body over the limit (413), on every endpoint of the specification that takes an id or a body
    for method, path in [
        ("GET", "/models/train/a%00b/status"),
        ("GET", "/models/train/a%00b/result"),
        ("GET", "/chat-explore/status/a%00b"),
        ("GET", "/chat-explore/chats/a%00b"),
        ("GET", "/projects/a%00b"),
        ("PUT", "/projects/a%00b"),
        ("DELETE", "/projects/a%00b"),
    ]:
        kw = {"json_body": {"name": "x"}} if method == "PUT" else {}
        s.v1_error(c.v1(method, path, **kw), 422, f"{method} {path.replace('%00', '<NUL>')}: a NUL in the id")
    for method, path in [("POST", "/models/train/new"), ("POST", "/chat-explore/new"), ("PUT", "/projects/no-such-project"), ("POST", "/projects")]:
        s.v1_error(c.v1(method, path, raw="<a/>", headers={"Content-Type": "application/xml"}), 415, f"{method} {path} with an XML body")
        status, body = big_body_answer(c.base, "/api/v1" + path, c.key, method)
        s.check(status == 413 and isinstance((body or {}).get("detail"), str), f"{method} {path} over MAX_BODY_MB: 413 {{detail}}", 413, (status, body))
        c.record(Answer(method, "/api/v1" + path, status, {"content-type": "application/json"}, json.dumps(body).encode()))
    for method in ("POST", "DELETE"):
        a = c.call(method, "/v1/datasets", query={"api_key": c.key}, raw="<a/>", headers={"Content-Type": "application/xml"}, key="none")
        s.legacy_error(a, 415, f"{method} /v1/datasets with an XML body")
    a = c.call("POST", "/v1/models", query={"api_key": c.key}, raw="<a/>", headers={"Content-Type": "application/xml"}, key="none")
    s.legacy_error(a, 415, "POST /v1/models with an XML body")
    for method, path in [("POST", "/v1/models"), ("DELETE", "/v1/models"), ("POST", "/v1/datasets"), ("DELETE", "/v1/datasets")]:
        status, body = big_body_answer(c.base, f"{path}?api_key={urllib.parse.quote(c.key)}", None, method)
        s.check(status == 413 and (body or {}).get("status") == "error", f"{method} {path} over MAX_BODY_MB: 413 {{status: error, message}}", 413, (status, body))
        c.record(Answer(method, f"{path}?api_key=<key>", status, {"content-type": "application/json"}, json.dumps(body).encode()))

    # the result of a task that has not succeeded: a clear 4xx with detail
    ds = ctx.get("dataset")
    if ds and ctx.get("v1_task"):
        s.status(c.v1("GET", f"/models/train/{ctx['v1_task']}/status", query={"_": "1"}), 200, "unknown query parameter on a status poll")
        h = c.v1("HEAD", f"/models/train/{ctx['v1_task']}/status")
        s.check(h.status == 200 and h.raw == b"", "HEAD on a task status", 200, (h.status, h.raw[:40]))

    # a list in a form body as form encoders write it: the name repeated (requests, urllib), or name[] (jQuery)
    if ds and ctx.get("v1_task"):
        for label, form in [
            ("repeated", [("api_key", c.key), ("dataset_id", ds), ("predict_fields", "churned"), ("ignore_fields", "customer_id"), ("ignore_fields", "region"), ("duration", "1"), ("force", "true")]),
            ("name[]", [("api_key", c.key), ("dataset_id", ds), ("predict_fields[]", "churned"), ("ignore_fields[]", "customer_id"), ("ignore_fields[]", "region"), ("duration", "1"), ("force", "true")]),
        ]:
            a = c.call("POST", "/v1/models", raw=urllib.parse.urlencode(form), headers={"Content-Type": "application/x-www-form-urlencoded"}, key="none")
            imp = (a.json or {}).get("field_importance") or {}
            s.check(a.status == 200 and imp.get("customer_id") == 0 and imp.get("region") == 0 and imp.get("churned") == 0, f"legacy training with ignore_fields as a {label} form list: both ignored", "both at 0", (a.status, imp))
            ctx.setdefault("cleanup_models", []).append((a.json or {}).get("model_id"))

    # CORS: with --cors-origin (a server started with CORS_ORIGINS listing it) a browser's preflight
    # is answered and answers are readable; otherwise (the default setting) no CORS header appears
    origin = ctx.get("cors_origin")
    pre = c.call("OPTIONS", "/api/v1/models/train/new", headers={"Origin": origin or "https://sweep.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,x-api-key"}, key="none")
    got = c.v1("GET", "/projects", headers={"Origin": origin or "https://sweep.example"})
    if origin:
        s.check(pre.status in (200, 204) and pre.headers.get("access-control-allow-origin") in (origin, "*") and "x-api-key" in pre.headers.get("access-control-allow-headers", "").lower(), "CORS preflight from the allowed origin", "204 with Allow-Origin and X-API-Key allowed", (pre.status, pre.headers))
        s.check(got.headers.get("access-control-allow-origin") in (origin, "*"), "CORS: an answer to the allowed origin is readable", origin, got.headers.get("access-control-allow-origin"))
    else:
        s.check(pre.status == 204 and "access-control-allow-origin" not in pre.headers and "access-control-allow-origin" not in got.headers, "no CORS headers without CORS_ORIGINS (README)", "none", (pre.status, pre.headers.get("access-control-allow-origin"), got.headers.get("access-control-allow-origin")))

    # large bodies: 413 with the family's error body
    status, body = big_body_answer(c.base, "/api/v1/projects", c.key)
    s.check(status == 413 and isinstance((body or {}).get("detail"), str), "a body over MAX_BODY_MB on /api/v1: 413 {detail}", 413, (status, body), "README Limits")
    status, body = big_body_answer(c.base, f"/v1/datasets?api_key={key_q}")
    s.check(status == 413 and (body or {}).get("status") == "error" and isinstance((body or {}).get("message"), str), "a body over MAX_BODY_MB on /v1: 413 {status: error, message}", 413, (status, body), "README Limits")


def sweep_races(s, c, ctx):
    """Predictions racing each other, a delete while they run, trainings racing, a delete during training."""
    s.section = "races"
    ds, model = ctx.get("dataset"), ctx.get("v1_model") or ctx.get("legacy_model")
    lock = threading.Lock()
    if model:
        sent = [{"plan": "basic", "monthly_usage": 5}, {"plan": "premium", "tenure_months": 40}]
        outs = []

        def predict():
            r = c.legacy("POST", "/v1/models", {"id": model, "data": sent}, how="json")
            with lock:
                outs.append((r.status, json.dumps(r.json, sort_keys=True)))

        threads = [threading.Thread(target=predict) for _ in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        s.check({o[0] for o in outs} == {200} and len({o[1] for o in outs}) == 1, "12 predictions racing on one model: all 200, identical", "200, one answer", sorted({o[0] for o in outs}))
    if ds:
        # a copy of the model to delete while predictions run: every answer 200 or 404, never 5xx
        a = c.legacy("POST", "/v1/models", {"dataset_id": ds, "predict_fields": ["plan"], "duration": 1, "force": True}, how="json")
        victim = (a.json or {}).get("model_id")
        if victim:
            codes = []

            def predict_victim():
                for _ in range(5):
                    r = c.legacy("POST", "/v1/models", {"id": victim, "data": [{"region": "north"}]}, how="json")
                    with lock:
                        codes.append(r.status)

            threads = [threading.Thread(target=predict_victim) for _ in range(4)]
            for t in threads:
                t.start()
            d = c.legacy("DELETE", "/v1/models", {"id": victim}, how="json")
            for t in threads:
                t.join()
            s.check(d.status == 200 and set(codes) <= {200, 404}, "delete a model while predictions run: each prediction 200 or 404", "{200, 404}", (d.status, sorted(set(codes))))
            s.legacy_error(c.legacy("POST", "/v1/models", {"id": victim, "data": [{"region": "north"}]}, how="json"), 404, "predict with the deleted model")

        # a dataset deleted while its training runs: the task ends (FAILED with a reason, or SUCCEEDED)
        tmp = (c.legacy("POST", "/v1/datasets", {"name": "sweep delete during training"}, how="json").json or {}).get("dataset_id")
        c.legacy("POST", "/v1/datasets", {"id": tmp, "rows": churn_rows(400, seed=11)}, how="json")
        a = c.v1("POST", "/models/train/new", json_body={"dataset_id": tmp, "predict_fields": ["churned"], "duration": 10, "force": True})
        task = (a.json or {}).get("task_id")
        time.sleep(1)
        d = c.legacy("DELETE", "/v1/datasets", {"id": tmp}, how="form")
        s.status(d, 200, "delete a dataset while its training runs")
        if task:
            done, seen = poll(c, f"/models/train/{task}/status", timeout=180)
            st = done.json or {}
            ended = st.get("status") == "SUCCEEDED" or (st.get("status") == "FAILED" and isinstance((st.get("metadata") or {}).get("error"), str))
            s.check(done.status == 200 and ended, "the training of a deleted dataset ends (SUCCEEDED, or FAILED with metadata.error)", "an end state", st)
            if st.get("status") == "SUCCEEDED":
                r = c.call("GET", (st.get("metadata") or {}).get("location") or "/none")
                s.status(r, 200, "its result is still served")
                ctx.setdefault("cleanup_models", []).append((r.json or {}).get("model_id"))

        # two identical trainings racing (force false): both accepted, one model for both
        fresh = (c.legacy("POST", "/v1/datasets", {"name": "sweep racing trainings"}, how="json").json or {}).get("dataset_id")
        ctx.setdefault("cleanup_datasets", []).append(fresh)
        c.legacy("POST", "/v1/datasets", {"id": fresh, "rows": churn_rows(300, seed=13)}, how="json")
        body = {"dataset_id": fresh, "predict_fields": ["churned"], "duration": 10}
        answers = []

        def submit():
            r = c.v1("POST", "/models/train/new", json_body=body)
            with lock:
                answers.append(r)

        threads = [threading.Thread(target=submit) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        tasks = [(r.json or {}).get("task_id") for r in answers]
        s.check([r.status for r in answers] == [201, 201] and len(set(tasks)) == 2, "two identical submissions at once: 201 each, a task_id each", "201, 201", [r.status for r in answers])
        models = []
        for t in tasks:
            done, _ = poll(c, f"/models/train/{t}/status", timeout=180)
            loc = ((done.json or {}).get("metadata") or {}).get("location")
            models.append((c.call("GET", loc).json or {}).get("model_id") if loc else None)
        s.check(models[0] and models[0] == models[1], "identical racing trainings share one model (force false)", "one model_id", models, "compatibility.md force")
        ctx.setdefault("cleanup_models", []).append(models[0])


def sweep_envelopes(s, answers):
    """Every answer of both families: JSON with a JSON Content-Type (docs routes and empty answers
    aside), and errors in the family's envelope."""
    s.section = "answer envelopes"
    bad_type, bad_v1, bad_legacy = [], [], []
    for a in answers:
        path = a.path.split("?")[0]
        if not re.match(r"^/(api/v1|v1)(/|$)", path) or a.method in ("HEAD", "OPTIONS") or a.status in (0, 204, 431):
            continue
        if path.rstrip("/") in ("/api/v1/api.yaml", "/api/v1/docs") or path.startswith("/api/v1/docs/"):
            continue
        if not (a.content_type.startswith("application/json") and a.json is not None):
            bad_type.append(f"{a.method} {a.path[:80]} -> {a.status} {a.content_type!r}")
            continue
        if a.status < 400:
            continue
        body = a.json
        if path.startswith("/api/v1"):
            ok = isinstance(body, dict) and (
                (isinstance(body.get("detail"), str) and body["detail"])
                or (isinstance(body.get("detail"), list) and all(isinstance(i, dict) and {"loc", "msg", "type"} <= set(i) for i in body["detail"]))
            )
            if not ok:
                bad_v1.append(f"{a.method} {a.path[:80]} -> {a.status} {a.text[:120]}")
        else:
            ok = isinstance(body, dict) and (body == {"status": "missing or invalid API key"} or (body.get("status") == "error" and isinstance(body.get("message"), str)))
            if not ok:
                bad_legacy.append(f"{a.method} {a.path[:80]} -> {a.status} {a.text[:120]}")
    s.check(not bad_type, "every API answer is JSON with Content-Type application/json", "none otherwise", bad_type[:5])
    s.check(not bad_v1, "every /api/v1 error is {detail: text} or {detail: [{loc, msg, type}]}", "none otherwise", bad_v1[:5], "service-interface.md Errors")
    s.check(not bad_legacy, "every /v1 error is {status: error, message} or the key error", "none otherwise", bad_legacy[:5], "compatibility.md Authentication")
    s.check(not any(a.status >= 500 for a in answers), "no answer is a 5xx", "none", [f"{a.method} {a.path[:80]} -> {a.status}" for a in answers if a.status >= 500][:5])


def sweep_big(s, c, ctx, n):
    """About 1M rows x 10 fields (the hosted service's documented size), appended in batches of 10,000."""
    s.section = "big dataset"
    d = (c.legacy("POST", "/v1/datasets", {"name": f"sweep {n} rows"}, how="json").json or {}).get("dataset_id")
    ctx.setdefault("cleanup_datasets", []).append(d)
    rnd = random.Random(5)
    started = time.time()
    codes = set()
    for start in range(0, n, 10_000):
        batch = [
            {f"f{k}": (rnd.randint(0, 1000) if k % 3 else rnd.choice(["a", "b", "c", "d"])) for k in range(9)} | {"label": "yes" if (start + i) % 7 == 0 else "no"}
            for i in range(min(10_000, n - start))
        ]
        r = c.call("POST", "/v1/datasets", query={"api_key": c.key}, json_body={"id": d, "rows": batch}, key="none")
        codes.add(r.status)
    took = time.time() - started
    info = c.legacy("GET", "/v1/datasets", {"id": d}).json or {}
    s.check(codes == {200} and info.get("rows") == n, f"{n} rows appended in batches of 10,000 ({took:.0f} s)", n, (sorted(codes), info.get("rows")), "compatibility.md Limits (about 1M rows)")
    a = c.legacy("POST", "/v1/models", {"dataset_id": d, "predict_fields": ["label"], "duration": 10}, how="json")
    s.status(a, 200, f"training on {n} rows (duration 10)")
    ctx.setdefault("cleanup_models", []).append((a.json or {}).get("model_id"))


def report_unprovoked(doc, answers):
    """Prints (does not check) the documented answers of the specification's endpoints (extensions
    aside) that no request of this run provoked: what a later sweep could still cover."""
    if not isinstance(doc, dict):
        return
    seen = set()
    matchers = [(path_matcher(p), p) for p in (doc.get("paths") or {})]
    for a in answers:
        path = a.path.split("?")[0]
        found = next((p for m, p in matchers if m.match(path)), None)
        if found:
            seen.add((a.method.lower(), found, str(a.status)))
    missing = []
    spec_paths = re.compile(r"^/(api/v1/models/train/(new|\{[^}]+\}/(status|result))|api/v1/chat-explore/(new|status/\{[^}]+\}|chats/\{[^}]+\})|api/v1/projects/\{[^}]+\}|v1/datasets|v1/models)$")
    for p, ops in (doc.get("paths") or {}).items():
        if not spec_paths.match(p):
            continue
        for method, op in (ops or {}).items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            for status in op["responses"]:
                if (method, p, str(status)) not in seen and status != "default":
                    missing.append(f"{method.upper()} {p} {status}")
    if missing:
        print(f"  (info) {len(missing)} documented answers of the specification's endpoints this run did not provoke: " + "; ".join(missing))


def sweep_documented_answers(s, ctx, answers, api_yaml):
    """Every answer against the server's OpenAPI document: with the repository at hand, its full
    contract check (status, content type, body schema: scripts/check-recorded-responses.ts);
    otherwise path and status only."""
    s.section = "api.yaml vs answers"
    here = os.path.dirname(os.path.abspath(__file__))
    tsx = os.path.join(here, "..", "node_modules", ".bin", "tsx")
    if os.path.exists(tsx) and api_yaml:
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "sweep.jsonl"), "w") as f:
                for a in answers:
                    # 431 comes from the HTTP server itself, before any route (README Limits)
                    if re.match(r"^/(api/v1|v1)(/|\?|$)", a.path) and a.method not in ("HEAD", "OPTIONS") and a.status != 431:
                        f.write(json.dumps({"method": a.method, "url": a.path, "status": a.status, "contentType": a.headers.get("content-type"), "body": a.text}) + "\n")
            with open(os.path.join(tmp, "api.yaml"), "w") as f:
                f.write(api_yaml)
            out = subprocess.run([tsx, os.path.join(here, "check-recorded-responses.ts"), tmp, os.path.join(tmp, "api.yaml")], capture_output=True, text=True, cwd=os.path.join(here, ".."))
            lines = out.stdout.strip().splitlines()
            report_unprovoked(ctx.get("doc"), answers)
            s.check(out.returncode == 0, "every answer is allowed by api.yaml (status, content type, schema)", lines[-1:] if lines else out.stderr[-300:], "\n".join(lines[:-1])[:3000] or out.stderr[-500:], "service-interface.md Versioning (machine-readable description)")
        return
    doc = ctx.get("doc")
    if not isinstance(doc, dict):
        s.check(False, "OpenAPI document available to compare answers", "parsed", "not parsed (install PyYAML or run from the repository)")
        return
    matchers = [(path_matcher(p), p, ops) for p, ops in (doc.get("paths") or {}).items()]
    missing = set()
    for a in answers:
        path = a.path.split("?")[0]
        if not re.match(r"^/(api/v1|v1)(/|$)", path) or a.method in ("HEAD", "OPTIONS") or path.startswith("/api/v1/docs/assets"):
            continue
        found = next(((p, ops) for m, p, ops in matchers if m.match(path)), None)
        if not found:
            if a.status != 404:
                missing.add(f"{a.method} {path} (no documented path) -> {a.status}")
            continue
        op = (found[1] or {}).get(a.method.lower())
        if not op:
            missing.add(f"{a.method} {found[0]} (method not documented) -> {a.status}")
            continue
        if str(a.status) not in (op.get("responses") or {}):
            missing.add(f"{a.method} {found[0]} -> {a.status} not among {sorted((op.get('responses') or {}).keys())}")
    for m in sorted(missing):
        s.check(False, "answer documented", "listed in api.yaml", m, "service-interface.md Versioning (machine-readable description)")
    s.check(True, f"{len(answers)} answers compared")


def cleanup(c, ctx):
    if ctx.get("project"):
        c.v1("DELETE", f"/projects/{ctx['project']}")
    for m in [ctx.get("legacy_model"), ctx.get("v1_model"), *ctx.get("cleanup_models", [])]:
        if m:
            c.legacy("DELETE", "/v1/models", {"id": m}, how="json")
    for d in [*ctx.get("cleanup_datasets", []), ctx.get("chat_dataset")]:
        if d:
            c.legacy("DELETE", "/v1/datasets", {"id": d}, how="form")


def sales_rows():
    regions = ["East", "West", "Central", "South"]
    categories = ["Furniture", "Technology", "Office Supplies"]
    return [
        {"order_date": f"{2015 + i % 4}-{1 + i % 12:02d}-15", "region": regions[i % 4], "category": categories[i % 3], "sales": 100 + (i * 37) % 500, "profit": (i * 13) % 120 - 30}
        for i in range(240)
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--api-key", required=True)
    parser.add_argument("--other-key")
    parser.add_argument("--run-long", default="", help="comma-separated /api/v1 budgets (60, 300, 1800) to train to the end")
    parser.add_argument("--big-rows", type=int, default=0, help="also append this many rows (e.g. 1000000) and train on them")
    parser.add_argument("--cors-origin", help="an origin the server's CORS_ORIGINS allows: checks its preflight and headers")
    parser.add_argument("--skip-chat", action="store_true")
    parser.add_argument("--skip-training", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    answers = []
    c = Client(args.base_url, args.api_key, answers.append)
    s = Sweep(args.verbose)
    ctx = {"other_key": args.other_key, "cors_origin": args.cors_origin}
    started = time.time()
    try:
        sweep_docs(s, c, ctx)
        sweep_auth(s, c, ctx)
        sweep_datasets(s, c, ctx)
        if not args.skip_training:
            sweep_legacy_models(s, c, ctx)
            sweep_training(s, c, ctx, {int(d) for d in args.run_long.split(",") if d.strip()})
        if not args.skip_chat:
            ctx["sales_rows"] = sales_rows()
            a = c.legacy("POST", "/v1/datasets", {"name": "sweep sales"}, how="json")
            ctx["chat_dataset"] = (a.json or {}).get("dataset_id")
            c.legacy("POST", "/v1/datasets", {"id": ctx["chat_dataset"], "rows": ctx["sales_rows"]}, how="json")
            sweep_chat(s, c, ctx)
        sweep_edges(s, c, ctx)
        sweep_client_behaviour(s, c, ctx)
        if not args.skip_training:
            sweep_races(s, c, ctx)
        if args.big_rows:
            sweep_big(s, c, ctx, args.big_rows)
        sweep_envelopes(s, answers)
        sweep_documented_answers(s, ctx, answers, ctx.get("api_yaml"))
    finally:
        cleanup(c, ctx)
    print(f"\n{s.passed} checks passed, {len(s.failures)} failed, {len(answers)} requests, {time.time() - started:.0f} s")
    sys.exit(1 if s.failures else 0)


if __name__ == "__main__":
    main()
