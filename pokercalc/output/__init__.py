"""Results for programs and people: JSON, CSV, schemas and rich rendering."""
