"""The README's examples, run against a real Cairn server: CAIRN_URL and CAIRN_API_KEY say which
(the TypeScript test file packages/sdk/src/sdk.test.ts starts one on 127.0.0.1 and runs this)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from cairn_sdk import (Cairn, ConflictError, KeyExpiredError, NotFoundError, ValidationError,  # noqa: E402
                       parse_retry_after)
from cairn_sdk.errors import error_for  # noqa: E402


@unittest.skipUnless(os.environ.get("CAIRN_URL"), "set CAIRN_URL and CAIRN_API_KEY to a running server")
class ExamplesTest(unittest.TestCase):
    def setUp(self):
        self.cairn = Cairn(os.environ["CAIRN_URL"], api_key=os.environ["CAIRN_API_KEY"])

    def test_quick_start(self):
        cairn = self.cairn
        trace = cairn.create_trace("Python: prefers tabs over spaces", tags=["python-sdk"])
        self.assertIsNone(trace.duplicate_of)
        again = cairn.create_trace("Python: prefers tabs over spaces")
        self.assertEqual(again.duplicate_of, trace.id)
        self.assertEqual(cairn.get_trace(trace.id).content, "Python: prefers tabs over spaces")
        updated = cairn.update_trace(trace.id, importance="high")
        self.assertEqual(updated.importance, "high")
        hits = cairn.search("tabs spaces")
        self.assertIn(trace.id, [r["id"] for r in hits.results])
        self.assertGreaterEqual(cairn.stats().total_traces, 1)
        cairn.delete_trace(trace.id)
        with self.assertRaises(NotFoundError) as caught:
            cairn.get_trace(trace.id)
        self.assertEqual(caught.exception.code, "not_found")
        self.assertEqual(cairn.restore_trace(trace.id).id, trace.id)

    def test_projects_and_briefing(self):
        cairn = self.cairn
        project = cairn.create_project("py/service", description="A Python service")
        rule = cairn.create_trace("py/service: deploys go through the staging branch", project="py/service",
                                  importance="high", pinned=True)
        self.assertEqual(rule.project, "py/service")
        self.assertTrue(rule.pinned)
        only = cairn.list_traces(project="py/service", project_only=True)
        self.assertEqual([t.id for t in only.traces], [rule.id])
        listed = cairn.list_projects()
        self.assertEqual([p.trace_count for p in listed.projects if p.id == project.id], [1])
        briefing = cairn.context(project="py/service", max_tokens=500)
        # The project's memories and personal ones (other tests' pinned traces may be personal).
        self.assertIn((rule.id, "pinned"), [(i["id"], i["why"]) for i in briefing.items])
        self.assertEqual(cairn.bulk_traces("move_to_project", [rule.id], project=None), [rule.id])
        self.assertIsNone(cairn.get_trace(rule.id).project)
        self.assertEqual(cairn.bulk_traces("move_to_project", [rule.id], project="py/service"), [rule.id])
        self.assertEqual(cairn.update_project(project.id, archived=True).archived, True)
        self.assertEqual(cairn.delete_project(project.id), 1)
        self.assertIsNone(cairn.get_trace(rule.id).project)

    def test_history_and_provenance(self):
        cairn = self.cairn
        trace = cairn.create_trace("Python history: the queue runs on Redis", title="Queue")
        self.assertEqual(trace.created_by["kind"], "api_key")
        cairn.update_trace(trace.id, content="Python history: the queue runs on RabbitMQ")
        versions = cairn.versions(trace.id)
        self.assertEqual([(v.version, v.content, v.changed_fields) for v in versions],
                         [(1, "Python history: the queue runs on Redis", ["content"])])
        self.assertEqual(versions[0].changed_by["kind"], "api_key")
        restored = cairn.restore_version(trace.id, 1)
        self.assertEqual(restored.content, "Python history: the queue runs on Redis")
        self.assertEqual([v.version for v in cairn.versions(trace.id)], [2, 1])
        mine = cairn.list_traces(created_by_kind="api_key", search="Python history")
        self.assertEqual([t.id for t in mine.traces], [trace.id])
        exported = cairn.export_account(include_history=True)
        self.assertEqual([len(t["versions"]) for t in exported["traces"] if t["id"] == trace.id], [2])

    def test_a_memory_that_changed(self):
        cairn = self.cairn
        old = cairn.create_trace("Python SDK: the office is on the 3rd floor")
        newer = cairn.create_trace("Python SDK: the office moved to the 5th floor", supersedes=[old.id])
        self.assertEqual(cairn.get_trace(old.id).superseded_by, {"id": newer.id, "title": newer.title})
        self.assertEqual(cairn.get_trace(newer.id).replaces, [{"id": old.id, "title": old.title}])
        hits = cairn.search("office 3rd floor", min_relevance=0)
        self.assertNotIn(old.id, [r["id"] for r in hits.results])
        hits = cairn.search("office 3rd floor", min_relevance=0, include_superseded=True)
        self.assertIn(old.id, [r["id"] for r in hits.results])
        self.assertIsNone(cairn.mark_current(old.id).superseded_at)
        self.assertEqual(cairn.supersede_trace(old.id, newer.id).superseded_by["id"], newer.id)

    def test_pagination(self):
        for i in range(5):
            self.cairn.create_trace(f"Python page item {i}", tags=["py-pages"])
        seen = [t.content for t in self.cairn.iterate_traces(tags=["py-pages"])]
        self.assertEqual(sorted(seen), [f"Python page item {i}" for i in range(5)])

    def test_import_and_export(self):
        job = self.cairn.upload_import("- Python import one\n- Python import two\n", name="py.md")
        self.assertEqual(job.format, "text")
        self.assertEqual(job.preview["new"], 2)
        self.cairn.start_import(job.id)
        done = self.cairn.wait_for_import(job.id, interval=0.2)
        self.assertEqual(done.progress["imported"], 2)
        outcomes = [i.outcome for i in self.cairn.iterate_import_items(job.id)]
        self.assertEqual(outcomes, ["imported", "imported"])
        exported = self.cairn.export_account()
        self.assertIn("Python import one", [t["content"] for t in exported["traces"]])
        jsonl = self.cairn.export_account("mcp-memory")
        self.assertIn(b'"type":"entity"', jsonl)

    def test_tags(self):
        cairn = self.cairn
        cairn.create_trace("Python: walks the dog at 7", tags=["py-dog", "py-morning"])
        cairn.create_trace("Python: dog food on Fridays", tags=["py-pet"])
        names = {t["name"]: t["count"] for t in cairn.list_tags()}
        self.assertEqual(names["py-dog"], 1)
        with self.assertRaises(ConflictError) as caught:
            cairn.rename_tag("py-dog", "py-pet")
        self.assertEqual(caught.exception.code, "tag_exists")
        self.assertEqual(cairn.merge_tags(["py-dog"], "py-pet"), {"name": "py-pet", "changed": 1})
        self.assertEqual(cairn.rename_tag("py-pet", "py-pets")["changed"], 2)
        self.assertEqual(cairn.delete_tag("py-morning")["changed"], 1)
        self.assertEqual(cairn.list_traces(tags=["py-pets"], importance=None).totalCount, 2)

    def test_errors_carry_codes(self):
        with self.assertRaises(ValidationError) as caught:
            self.cairn.create_trace("")
        self.assertEqual(caught.exception.status, 400)
        self.assertTrue(caught.exception.code)


class ErrorClassTest(unittest.TestCase):
    def test_an_expired_key_is_its_own_error(self):
        err = error_for(401, {"code": "api_key_expired", "error": "This API key expired on 2026-01-01"})
        self.assertIsInstance(err, KeyExpiredError)
        self.assertEqual(err.code, "api_key_expired")
        self.assertNotIsInstance(error_for(401, {"code": "unauthorized"}), KeyExpiredError)


class RetryAfterTest(unittest.TestCase):
    def test_seconds_and_dates(self):
        self.assertEqual(parse_retry_after("7"), 7.0)
        self.assertEqual(parse_retry_after("Wed, 21 Oct 2015 07:28:10 GMT", now=1445412480.0), 10.0)
        self.assertIsNone(parse_retry_after("soon"))


if __name__ == "__main__":
    unittest.main()
