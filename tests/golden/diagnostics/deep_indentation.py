# deep_indentation : void (int* X)
def deep_indentation(X):
    if idx > 0:
                                                                                                                                                                                                                                                                X[idx] = 1
    X[0] = 2
