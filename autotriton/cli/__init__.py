"""The `autotriton` command line (main.py). Its help is Rich's only on a wide terminal and
click's plain, wrapped help in a pipe or a narrow one (main._help_markup)."""
