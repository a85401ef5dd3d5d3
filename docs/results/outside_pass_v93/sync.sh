#!/bin/bash
mkdir -p /work/main/docs/results/outside_pass_v93 && cp -r /tmp/op93/. /work/main/docs/results/outside_pass_v93/
