"""Generation with refinement, the evaluation harness, metrics, reports and external-suite loaders."""
