import math
import functools
import itertools
import operator
import typing
import struct
import collections
import dataclasses
import numpy
import array
import ctypes
import builtins
import sys
import importlib
import codecs
import pickle
import copy
import types
import weakref
import contextlib
import enum
import abc
import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl
from triton.language.extra import libdevice
from torch import relu as myrelu


class ModelNew(nn.Module):
    def forward(self, x):
        return x
