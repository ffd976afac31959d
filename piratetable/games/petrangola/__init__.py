"""Petrangola: a 40-card Italian game of three-card hands, a widow and a face-up monte (hidden information)."""
