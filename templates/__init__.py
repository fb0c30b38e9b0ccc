"""Jinja templates (HTML report, annotated vendor report, instrumented C).

A package only so the templates ship as package data and load with
``jinja2.PackageLoader("templates")``.
"""
