// hlsight stand-in: std::queue, std::stack and std::priority_queue, declared
// only by <queue>, <stack> and <bits/stdc++.h> as libstdc++ does (in
// hlsight_std.hpp they made `queue` ambiguous for sources that say
// `using namespace std; using namespace sycl;` without including <queue>).
#pragma once
#include "hlsight_std.hpp"

namespace std {
template <class T, class C = deque<T>> class queue {
  protected:
    C c;
  public:
    typedef T value_type;
    typedef size_t size_type;
    typedef T& reference;
    typedef const T& const_reference;
    typedef C container_type;
    queue() : c() {}
    bool empty() const { return c.empty(); }
    size_t size() const { return c.size(); }
    T& front() { return c.front(); }
    const T& front() const { return c.front(); }
    T& back() { return c.back(); }
    const T& back() const { return c.back(); }
    void push(const T& value) { c.push_back(value); }
    void push(T&& value) { c.push_back(move(value)); }
    template <class... V> void emplace(V&&... a) { c.emplace_back(forward<V>(a)...); }
    void pop() { c.pop_front(); }
};
template <class T, class C = deque<T>> class stack {
  protected:
    C c;
  public:
    typedef T value_type;
    typedef size_t size_type;
    stack() : c() {}
    bool empty() const { return c.empty(); }
    size_t size() const { return c.size(); }
    T& top() { return c.back(); }
    const T& top() const { return c.back(); }
    void push(const T& value) { c.push_back(value); }
    template <class... V> void emplace(V&&... a) { c.emplace_back(forward<V>(a)...); }
    void pop() { c.pop_back(); }
};
template <class T, class C = vector<T>, class Compare = less<typename C::value_type>> class priority_queue {
  protected:
    C c;
    Compare comp;
  public:
    typedef T value_type;
    typedef size_t size_type;
    priority_queue() : c(), comp() {}
    explicit priority_queue(const Compare& cmp) : c(), comp(cmp) {}
    bool empty() const { return c.empty(); }
    size_t size() const { return c.size(); }
    const T& top() const { return c.front(); }
    void push(const T& value);
    template <class... V> void emplace(V&&... a);
    void pop();
};
}  // namespace std
