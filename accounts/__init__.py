"""Accounts: sign-up, log in and out, passwords, with django-allauth.

allauth does the work; this package holds the site's choices: mail goes through the
background path in the recipient's language (adapter), and accounts an administrator
made log in without the email-verification step (stages).
"""
