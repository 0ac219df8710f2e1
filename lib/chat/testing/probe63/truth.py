#!/usr/bin/python3
"""Expected answers of probe63 (questions.jsonl -> expected.json), by pandas, with the analytic set's loading
rules and answer shapes (lib/chat/testing/probe_truth.py). /usr/bin/python3 lib/chat/testing/probe63/truth.py"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from probe_truth import compute  # noqa: E402

if __name__ == "__main__":
    compute(HERE, "questions.jsonl", "expected.json")
