"""Many scenarios at once: batch runs and regression checks."""
